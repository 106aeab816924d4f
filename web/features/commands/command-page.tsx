import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useParams } from 'react-router';
import { Loader } from '../../components/loader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMarkNotificationRead } from '../../lib/use-mark-notification-read';
import { useMe } from '../../lib/use-me';
import { paths } from '../../lib/paths';
import { productQuery, useProduct } from '../products';
import { shopRoleOf } from '../../components/viewer';
import { ItemPageState, ProductContext, threadCommandQuery, useThreadCommand } from '../comments';
import { CommandItem } from './components/command-item';
import { CommandsTab } from './commands-tab';
import { idParam, type PrefetchContext } from '../../lib/prefetch';

/**
 * /commands/command/{id}/{notificationId} (SPEC §2): the command with its replies and its
 * controls (reply, accept, edit, delete), the product it is on, and the product's other commands
 * on request. Opening it marks the notification read; deleting the command here goes home.
 */
function CommandPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  useMarkNotificationRead(params.notificationId);
  const { data: me } = useMe();
  const query = useThreadCommand(id);
  const command = query.data;
  const product = useProduct(command?.product_id ?? 0);
  const demand = product.data?.type === 'demand';
  const title = demand ? t('proposal_page_title') : t('command_page_title');
  useDocumentTitle(title);
  const [allOpen, setAllOpen] = useState(false);

  const error = query.error ?? product.error;
  if (!command || !product.data) {
    return (
      <div className="container conversation-page">
        <ItemPageState
          error={error}
          goneTitle={t('command_not_found')}
          onRetry={() => void (query.error ? query.refetch() : product.refetch())}
        />
      </div>
    );
  }
  const shopRole = shopRoleOf(me, product.data.shop_id);

  return (
    <div className="container conversation-page">
      <h1 className="conversation-page__title">{title}</h1>
      <ProductContext product={product.data} />
      <section className="conversation-page__item">
        {me === undefined ? (
          <Loader />
        ) : (
          <CommandItem
            key={command.id}
            command={command}
            product={product.data}
            shopRole={shopRole}
            threadOpen
            onDeleted={() => navigate(paths.home)}
          />
        )}
      </section>
      <section className="conversation-page__all" aria-labelledby="all-commands">
        <h2 id="all-commands" className="conversation-page__subtitle">
          {demand ? t('all_proposals_on_product') : t('all_commands_on_product')}
        </h2>
        {allOpen ? (
          <CommandsTab product={product.data} />
        ) : (
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={false}
            onClick={() => setAllOpen(true)}
          >
            {demand ? t('show_all_proposals') : t('show_all_commands')}
          </button>
        )}
      </section>
    </div>
  );
}

export { CommandPage as Component };

/** Server rendering: the command (a 404 if there is none; only its parties may see it), its offer. */
export async function prefetch({ params, client }: PrefetchContext) {
  const command = await client.fetchQuery(threadCommandQuery(idParam(params.id)));
  await client.prefetchQuery(productQuery(command.product_id));
}
