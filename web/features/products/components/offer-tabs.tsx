import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ProductType } from '../../../../shared/schemas/products';
import './offer-tabs.css';

type Tab = 'comments' | 'commands';

interface OfferTabsProps {
  type: ProductType;
  commentsCount: number;
  commandsCount: number;
  /** The bodies: built by the conversations feature, supplied through OfferSlots. */
  comments: ReactNode;
  commands: ReactNode;
}

/**
 * SPEC §2: the comments tab and the commands tab of an offer, each with its count. A body is
 * mounted the first time its tab opens and kept afterwards (what was loaded stays).
 */
export function OfferTabs({
  type,
  commentsCount,
  commandsCount,
  comments,
  commands,
}: OfferTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<Tab>('comments');
  const [opened, setOpened] = useState<Set<Tab>>(() => new Set(['comments']));
  const select = (next: Tab) => {
    setTab(next);
    setOpened((set) => (set.has(next) ? set : new Set(set).add(next)));
  };
  const tabs: { key: Tab; label: string; count: number; body: ReactNode }[] = [
    { key: 'comments', label: t('comments_tab'), count: commentsCount, body: comments },
    {
      key: 'commands',
      label: type === 'demand' ? t('commands_tab_demand') : t('commands_tab'),
      count: commandsCount,
      body: commands,
    },
  ];
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = tab === 'comments' ? 'commands' : 'comments';
    select(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };

  return (
    <section className="offer-tabs">
      <div className="offer-tabs__list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map(({ key, label, count }) => (
          <button
            key={key}
            id={`${id}-${key}-tab`}
            type="button"
            role="tab"
            className="offer-tabs__tab"
            aria-selected={tab === key}
            aria-controls={`${id}-${key}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => select(key)}
          >
            <span>{label}</span> <span className="offer-tabs__count">{count}</span>
          </button>
        ))}
      </div>
      {tabs.map(({ key, body }) => (
        <div
          key={key}
          id={`${id}-${key}-panel`}
          role="tabpanel"
          className="offer-tabs__panel"
          aria-labelledby={`${id}-${key}-tab`}
          hidden={tab !== key}
        >
          {opened.has(key) && body}
        </div>
      ))}
    </section>
  );
}

/**
 * What a tab shows until the conversations feature supplies its list: how many there are, and
 * nothing that pretends to be more.
 */
export function CountPanel({ kind, type, count }: { kind: Tab; type: ProductType; count: number }) {
  const { t } = useTranslation();
  const key =
    kind === 'comments'
      ? 'offer_comments_count'
      : type === 'demand'
        ? 'offer_proposals_count'
        : 'offer_commands_count';
  return <p className="offer-tabs__placeholder">{t(key, { count })}</p>;
}
