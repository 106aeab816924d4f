import { describe, expect, it } from 'vitest';
import type { Notification, NotificationData } from '../../../shared/schemas/notifications';
import { createI18n } from '../../lib/i18n';
import { dictionary as ar } from '../../locales/ar';
import { dictionary as fr } from '../../locales/fr';
import { notificationHref, notificationProduct, notificationSentence } from './notification-text';

const none: NotificationData = {
  user_id: 3,
  user_first_name: 'Brahim',
  user_last_name: 'Ould Sidi',
  user_photo: null,
  commentable_type: null,
  commentable_id: null,
  reactionable_type: null,
  reactionable_id: null,
  reaction: null,
  product_id: 5,
  type: 'offer',
  product_name: null,
  product_name_ar: null,
  product_name_fr: null,
  comment_id: null,
  command_id: null,
  search_id: null,
  search_name: null,
  count: null,
  shop_id: null,
  shop_name: null,
  stars: null,
};

const aNotification = (type: Notification['type'], data: Partial<NotificationData>) =>
  ({
    id: 40,
    type,
    read_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    data: { ...none, ...data },
  }) as Notification;

/** The sentence as the page shows it, the name in place. */
function say(language: 'ar' | 'fr', n: Notification) {
  const i18n = createI18n(language, language === 'ar' ? ar : fr);
  const s = notificationSentence(n);
  return i18n.t(s.key, {
    name: s.name ?? i18n.t('notification_someone'),
    reaction: s.reaction ? i18n.t(s.reaction) : '',
    count: s.count,
    product: s.product,
  });
}

const cases: [string, Notification, string, string, string][] = [
  [
    'a comment on an offer',
    aNotification('commented', { commentable_type: 'product', commentable_id: 5, comment_id: 9 }),
    'Brahim Ould Sidi a commenté votre offre',
    'علّق Brahim Ould Sidi على عرضك',
    '/comments/comment/9/40',
  ],
  [
    'a comment on a demand',
    aNotification('commented', {
      commentable_type: 'product',
      commentable_id: 5,
      comment_id: 9,
      type: 'demand',
    }),
    'Brahim Ould Sidi a commenté votre demande',
    'علّق Brahim Ould Sidi على طلبك',
    '/comments/comment/9/40',
  ],
  [
    'a comment on a command',
    aNotification('commented', {
      commentable_type: 'command',
      commentable_id: 12,
      comment_id: 9,
      command_id: 12,
    }),
    'Brahim Ould Sidi a commenté une commande de l’offre',
    'علّق Brahim Ould Sidi على طلبية للعرض',
    '/comments/comment/9/40',
  ],
  [
    'a reply',
    aNotification('replied', { commentable_type: 'comment', commentable_id: 8, comment_id: 9 }),
    'Brahim Ould Sidi a répondu à votre commentaire',
    'ردّ Brahim Ould Sidi على تعليقك',
    '/comments/comment/9/40',
  ],
  [
    'a command on an offer',
    aNotification('commanded', { command_id: 12 }),
    'Brahim Ould Sidi a passé une commande sur votre offre',
    'قدّم Brahim Ould Sidi طلبية على عرضك',
    '/commands/command/12/40',
  ],
  [
    'an offer on a demand',
    aNotification('commanded', { command_id: 12, type: 'demand' }),
    'Brahim Ould Sidi a fait une offre sur votre demande',
    'قدّم Brahim Ould Sidi عرضًا على طلبك',
    '/commands/command/12/40',
  ],
  [
    'an accepted command',
    aNotification('accepted', { command_id: 12 }),
    'Brahim Ould Sidi a accepté votre commande',
    'قبل Brahim Ould Sidi طلبيتك',
    '/commands/command/12/40',
  ],
  [
    'a reaction to an offer',
    aNotification('reacted', {
      reactionable_type: 'product',
      reactionable_id: 5,
      reaction: 'love',
    }),
    'Brahim Ould Sidi a réagi (J’adore) à votre offre',
    'تفاعل Brahim Ould Sidi (أحببته) مع عرضك',
    '/products/product/5/40',
  ],
  [
    'a reaction to a comment',
    aNotification('reacted', {
      reactionable_type: 'comment',
      reactionable_id: 9,
      comment_id: 9,
      reaction: 'like',
    }),
    'Brahim Ould Sidi a réagi (J’aime) à votre commentaire',
    'تفاعل Brahim Ould Sidi (أعجبني) مع تعليقك',
    '/comments/comment/9/40',
  ],
  [
    'a reaction to a command',
    aNotification('reacted', {
      reactionable_type: 'command',
      reactionable_id: 12,
      command_id: 12,
      reaction: 'wow',
    }),
    'Brahim Ould Sidi a réagi (Waouh) à votre commande',
    'تفاعل Brahim Ould Sidi (أدهشني) مع طلبيتك', // the picker's name (issue 20 item 6)
    '/commands/command/12/40',
  ],
  [
    'a new offer',
    aNotification('added_offer', {}),
    'Brahim Ould Sidi a publié une offre qui peut vous intéresser',
    'نشر Brahim Ould Sidi عرضًا قد يهمك',
    '/products/product/5/40',
  ],
  [
    'a new demand',
    aNotification('added_offer', { type: 'demand' }),
    'Brahim Ould Sidi a publié une demande qui peut intéresser votre boutique',
    'نشر Brahim Ould Sidi طلبًا قد يهم متجرك',
    '/products/product/5/40',
  ],
  // Issue 32: a buyer rated the reader's shop; it opens the shop's reviews tab.
  [
    'a rating of one star',
    aNotification('rated', { shop_id: 4, shop_name: 'Boutique Nour', stars: 1 }),
    'Brahim Ould Sidi a donné 1 étoile à votre boutique',
    'قيّم Brahim Ould Sidi متجرك بنجمة واحدة',
    '/shops/shop/4?tab=reviews&notification=40',
  ],
  [
    'a rating of two stars',
    aNotification('rated', { shop_id: 4, stars: 2 }),
    'Brahim Ould Sidi a donné 2 étoiles à votre boutique',
    'قيّم Brahim Ould Sidi متجرك بنجمتين',
    '/shops/shop/4?tab=reviews&notification=40',
  ],
  [
    'a rating of four stars',
    aNotification('rated', { shop_id: 4, stars: 4 }),
    'Brahim Ould Sidi a donné 4 étoiles à votre boutique',
    'قيّم Brahim Ould Sidi متجرك بـ4 نجوم',
    '/shops/shop/4?tab=reviews&notification=40',
  ],
  [
    "the shop's answer to the reader's rating",
    aNotification('rating_answered', { shop_id: 4, shop_name: 'Boutique Nour', stars: 2 }),
    'Brahim Ould Sidi a répondu à votre avis sur la boutique',
    'ردّ من Brahim Ould Sidi على تقييمك للمتجر',
    '/shops/shop/4?tab=reviews&notification=40',
  ],
  [
    'an invitation to join a shop',
    aNotification('shop_invitation', { product_id: null, type: null, shop_name: 'Boutique Nour' }),
    // Issue 35 item 16: no word that gives the inviter a gender; the shop is quoted after.
    'Brahim Ould Sidi vous invite à rejoindre l’équipe de la boutique',
    'دعوة من Brahim Ould Sidi للانضمام إلى فريق المتجر',
    '/account/shops?notification=40',
  ],
  [
    'one new offer matching a saved search',
    aNotification('search_match', {
      search_id: 2,
      search_name: 'Hilux',
      product_name: 'Toyota Hilux 2015',
      count: 1,
    }),
    'Nouvelle offre pour votre recherche «\u00a0Hilux\u00a0»\u00a0: Toyota Hilux 2015',
    'عرض جديد يطابق بحثك «Hilux»: Toyota Hilux 2015',
    '/products/product/5/40',
  ],
  [
    'three new offers matching a saved search, grouped',
    aNotification('search_match', {
      search_id: 2,
      search_name: 'Hilux',
      count: 3,
    }),
    '3 nouvelles offres correspondent à votre recherche «\u00a0Hilux\u00a0»',
    '3 عروض جديدة تطابق بحثك «Hilux»',
    '/account/searches?notification=40',
  ],
];

describe('notification sentences and pages', () => {
  it.each(cases)('%s', (_, n, french, arabic, href) => {
    expect(say('fr', n)).toBe(french);
    expect(say('ar', n)).toBe(arabic);
    expect(notificationHref(n)).toBe(href);
  });

  it('names “someone” when the actor’s name is gone', () => {
    const n = aNotification('replied', {
      user_first_name: null,
      user_last_name: null,
      comment_id: 9,
    });
    expect(notificationSentence(n).name).toBeNull();
    expect(say('fr', n)).toBe('Quelqu’un a répondu à votre commentaire');
  });

  it('opens nothing when the data lacks its target', () => {
    expect(notificationHref(aNotification('commanded', {}))).toBeNull();
    expect(notificationHref(aNotification('added_offer', { product_id: null }))).toBeNull();
    expect(notificationHref(aNotification('rated', { stars: 5 }))).toBeNull();
  });

  it('names the offer in the page’s language, else the other, else its plain name', () => {
    const named = aNotification('commented', {
      product_name: 'Toyota Hilux 2016',
      product_name_ar: 'تويوتا هيلوكس 2016',
      product_name_fr: null,
    });
    expect(notificationProduct(named, 'ar')).toBe('تويوتا هيلوكس 2016');
    expect(notificationProduct(named, 'fr')).toBe('تويوتا هيلوكس 2016');
    const plain = aNotification('commented', { product_name: 'Hilux' });
    expect(notificationProduct(plain, 'fr')).toBe('Hilux');
    // Older notifications kept no name: the sentence stands alone.
    expect(notificationProduct(aNotification('commented', {}), 'fr')).toBeNull();
  });

  it('quotes the shop of an invitation, and nothing in a reaction’s sentence (issue 35 item 16)', () => {
    const invitation = aNotification('shop_invitation', {
      product_id: null,
      type: null,
      shop_id: 4,
      shop_name: 'متجر النور',
    });
    expect(notificationProduct(invitation, 'fr')).toBe('متجر النور');
    // A rating quotes the rated shop, not the offer it was bought through.
    const rated = aNotification('rated', { shop_name: 'Boutique Nour', product_name: 'Hilux' });
    expect(notificationProduct(rated, 'ar')).toBe('Boutique Nour');
    const answered = aNotification('rating_answered', { shop_name: 'Boutique Nour' });
    expect(notificationProduct(answered, 'fr')).toBe('Boutique Nour');
    expect(
      notificationProduct(aNotification('shop_invitation', { product_id: null }), 'ar'),
    ).toBeNull();
    // A reaction's line quotes only its offer: its own sentence holds no quotation mark.
    const reaction = aNotification('reacted', {
      reactionable_type: 'product',
      reaction: 'haha',
      product_name: 'Hilux',
    });
    for (const language of ['ar', 'fr'] as const) {
      expect(say(language, reaction)).not.toMatch(/[«»"“”]/);
      expect(notificationProduct(reaction, language)).toBe('Hilux');
    }
  });
});
