import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../types';

// Every table of DESIGN §5. One migration serves both engines: only the id column type differs.
// Counters change in the same transaction as the rows they count (services); unique keys stop
// double saves, reports and reactions even when requests race.

/* eslint-disable @typescript-eslint/no-explicit-any */
type Table = CreateTableBuilder<any, any>;

const REACTIONS = ['like', 'haha', 'love', 'wow', 'sad', 'angry'];

export function initial(dialect: Dialect): Migration {
  const id = (t: Table) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const timestamps = (t: Table) =>
    t
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull());
  const counter = (t: Table, name: string) =>
    t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
  const reactionCounters = (t: Table) =>
    REACTIONS.reduce((acc, r) => counter(acc, `${r}_count`), t);
  const yesNo = (t: Table, name: string, dflt: 'yes' | 'no') =>
    t.addColumn(name, 'text', (c) =>
      c
        .notNull()
        .defaultTo(dflt)
        .check(sql.raw(`${name} in ('yes','no')`)),
    );

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await timestamps(
        id(db.schema.createTable('users'))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.unique())
          .addColumn('phone_1', 'text', (c) => c.notNull().unique())
          .addColumn('phone_2', 'text')
          .addColumn('whatsapp_number', 'text')
          .addColumn('photo', 'text')
          .addColumn('cover', 'text')
          .addColumn('more_infos', 'text')
          .addColumn('role', 'text', (c) =>
            c
              .notNull()
              .defaultTo('user')
              .check(sql`role in ('user','moderator','admin')`),
          )
          .addColumn('language', 'text')
          .addColumn('password_hash', 'text', (c) => c.notNull()),
      ).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .execute();

      await timestamps(
        id(db.schema.createTable('pcategories'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_ar', 'text')
          .addColumn('name_fr', 'text')
          .addColumn('order_number', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`order_number >= 1`),
          ),
      ).execute();

      let sub = id(db.schema.createTable('psubcategories'))
        .addColumn('pcategory_id', 'integer', (c) =>
          c.notNull().references('pcategories.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_ar', 'text')
        .addColumn('name_fr', 'text')
        .addColumn('order_number', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`order_number >= 1`),
        );
      for (const f of [
        'can_be_used',
        'can_be_rented',
        'can_be_delivered',
        'can_be_priced',
        'can_be_counted',
      ]) {
        sub = yesNo(sub, f, 'yes');
      }
      await timestamps(
        sub.addColumn('mesure_unit', 'text', (c) => c.notNull().defaultTo('')),
      ).execute();
      await db.schema
        .createIndex('psubcategories_pcategory')
        .on('psubcategories')
        .columns(['pcategory_id', 'order_number'])
        .execute();

      await timestamps(
        yesNo(
          id(db.schema.createTable('pfields'))
            .addColumn('psubcategory_id', 'integer', (c) =>
              c.notNull().references('psubcategories.id').onDelete('cascade'),
            )
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('name_ar', 'text')
            .addColumn('name_fr', 'text'),
          'translated',
          'yes',
        )
          .addColumn('type', 'text', (c) => c.notNull().defaultTo('text'))
          .addColumn('mesure_unit', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('position', 'text', (c) => c.notNull().defaultTo('third'))
          .addColumn('values', 'text', (c) => c.notNull().defaultTo('[]')),
      ).execute();
      await db.schema
        .createIndex('pfields_psubcategory')
        .on('pfields')
        .column('psubcategory_id')
        .execute();

      await timestamps(
        id(db.schema.createTable('shops'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('logo', 'text')
          .addColumn('cover', 'text')
          .addColumn('description', 'text')
          .addColumn('phone_1', 'text')
          .addColumn('phone_2', 'text')
          .addColumn('first_whatsapp_number', 'text')
          .addColumn('second_whatsapp_number', 'text')
          .addColumn('email', 'text')
          .addColumn('more_infos', 'text')
          .addColumn('is_professional', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('latitude', 'double precision')
          .addColumn('longitude', 'double precision')
          .addColumn('pcategory_id', 'integer', (c) =>
            c.references('pcategories.id').onDelete('set null'),
          ),
      ).execute();

      await db.schema
        .createTable('shop_employees')
        .addColumn('shop_id', 'integer', (c) =>
          c.notNull().references('shops.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('owner','admin','moderator','employee')`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('shop_employees_pk', ['shop_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('shop_employees_user')
        .on('shop_employees')
        .column('user_id')
        .execute();

      let products = id(db.schema.createTable('products'))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('offer','demand')`))
        .addColumn('shop_id', 'integer', (c) =>
          c.notNull().references('shops.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('psubcategory_id', 'integer', (c) =>
          c.notNull().references('psubcategories.id').onDelete('restrict'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_ar', 'text')
        .addColumn('name_fr', 'text')
        .addColumn('more_infos_ar', 'text')
        .addColumn('more_infos_fr', 'text')
        .addColumn('description', 'text')
        .addColumn('price', 'integer')
        .addColumn('offer_type', 'text', (c) =>
          c.notNull().check(sql`offer_type in ('sale','buy','monthly_rent','hourly_rent')`),
        );
      for (const f of ['negotiable', 'used', 'delivery', 'private'])
        products = yesNo(products, f, 'no');
      products = products.addColumn('number', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`number >= 0`),
      );
      for (const f of [
        'sold_count',
        'sold',
        'saved_count',
        'reports_count',
        'comments_count',
        'commands_count',
      ]) {
        products = counter(products, f);
      }
      await timestamps(
        reactionCounters(products)
          .addColumn('latitude', 'double precision')
          .addColumn('longitude', 'double precision')
          .addColumn('distance', 'integer')
          .addColumn('contact_methods', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
      ).execute();
      await db.schema
        .createIndex('products_type_created')
        .on('products')
        .columns(['type', 'created_at'])
        .execute();
      await db.schema
        .createIndex('products_psubcategory')
        .on('products')
        .columns(['psubcategory_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('products_shop')
        .on('products')
        .columns(['shop_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('products_geo')
        .on('products')
        .columns(['latitude', 'longitude'])
        .execute();
      await db.schema.createIndex('products_price').on('products').column('price').execute();

      await id(db.schema.createTable('product_files'))
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('image','video')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('product_files_product')
        .on('product_files')
        .column('product_id')
        .execute();

      await db.schema
        .createTable('product_pfield')
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('pfield_id', 'integer', (c) =>
          c.notNull().references('pfields.id').onDelete('cascade'),
        )
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_pfield_pk', ['product_id', 'pfield_id'])
        .execute();
      await db.schema
        .createIndex('product_pfield_value')
        .on('product_pfield')
        .columns(['pfield_id', 'value'])
        .execute();

      for (const table of ['saves', 'reports']) {
        await db.schema
          .createTable(table)
          .addColumn('user_id', 'integer', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('product_id', 'integer', (c) =>
            c.notNull().references('products.id').onDelete('cascade'),
          )
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'product_id'])
          .execute();
        await db.schema.createIndex(`${table}_product`).on(table).column('product_id').execute();
      }

      let commands = id(db.schema.createTable('commands'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('price', 'integer')
        .addColumn('number', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('period', 'integer');
      commands = yesNo(commands, 'private', 'no').addColumn('text', 'text');
      commands = counter(counter(commands, 'sold'), 'comments_count');
      await timestamps(reactionCounters(commands)).execute();
      await db.schema
        .createIndex('commands_product')
        .on('commands')
        .columns(['product_id', 'created_at'])
        .execute();
      await db.schema.createIndex('commands_user').on('commands').column('user_id').execute();

      let comments = id(db.schema.createTable('comments'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('commentable_type', 'text', (c) =>
          c.notNull().check(sql`commentable_type in ('product','comment','command')`),
        )
        .addColumn('commentable_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('command_id', 'integer', (c) => c.references('commands.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('text', 'text', (c) => c.notNull());
      comments = counter(comments, 'comments_count');
      await timestamps(reactionCounters(comments)).execute();
      await db.schema
        .createIndex('comments_commentable')
        .on('comments')
        .columns(['commentable_type', 'commentable_id', 'created_at'])
        .execute();
      await db.schema.createIndex('comments_product').on('comments').column('product_id').execute();
      await db.schema.createIndex('comments_command').on('comments').column('command_id').execute();
      await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
      await db.schema.createIndex('comments_user').on('comments').column('user_id').execute();

      await id(db.schema.createTable('reactions'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('reactionable_type', 'text', (c) =>
          c.notNull().check(sql`reactionable_type in ('product','comment','command')`),
        )
        .addColumn('reactionable_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
        .addColumn('comment_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('command_id', 'integer', (c) => c.references('commands.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) =>
          c.notNull().check(sql`name in ('like','haha','love','wow','sad','angry')`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('reactions_one_per_user', [
          'user_id',
          'reactionable_type',
          'reactionable_id',
        ])
        .execute();
      await db.schema
        .createIndex('reactions_target')
        .on('reactions')
        .columns(['reactionable_type', 'reactionable_id'])
        .execute();

      await id(db.schema.createTable('notifications'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .columns(['user_id', 'created_at'])
        .execute();

      await id(db.schema.createTable('frontend_logs'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
