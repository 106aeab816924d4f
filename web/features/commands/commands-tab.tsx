import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { COMMANDS_PAGE_SIZE } from '../../../shared/constants';
import { canBeOrdered } from '../../../shared/domain/commands';
import { can } from '../../../shared/domain/permissions';
import type { Product } from '../../../shared/schemas/products';
import { EmptyState } from '../../components/empty-state';
import { PlusIcon } from '../../components/icons';
import { HandshakeIcon, LockIcon } from '../../components/page-icons';
import { Loader } from '../../components/loader';
import { useMe } from '../../lib/use-me';
import { productKeys } from '../products';
import { shopRoleOf } from '../../components/viewer';
import { ShowMoreBar, SignInPrompt, listFooter, loadedCount, useShowMore } from '../comments';
import { useSetCachedCommand, type Command } from './api/command';
import { useCommandsPageLoader } from './api/list-commands';
import { CommandForm } from './components/command-form';
import { CommandItem } from './components/command-item';
import { targetOf } from './form-rules';
import './commands-tab.css';

/**
 * The commands tab of a product (SPEC §2): three commands at a time, 'show more' with
 * '(loaded of total)', the note that the rest are private, and the add-command form on request
 * (signed in, not the shop's own staff, not when a countable offer has none left).
 */
export function CommandsTab({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const shopRole = shopRoleOf(me, product.shop_id);
  const demand = product.type === 'demand';
  const productId = product.id;
  const fetchPage = useCommandsPageLoader(productId);
  const setCached = useSetCachedCommand();
  const list = useShowMore<Command>(fetchPage, COMMANDS_PAGE_SIZE);
  const { state } = list;
  const footer = listFooter(state);
  const [formOpen, setFormOpen] = useState(false);

  const onCreated = (command: Command) => {
    setCached(command);
    list.add(command);
    setFormOpen(false);
    void queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) });
  };

  const mayOrder = can.commandProduct(me, shopRole);
  const orderable = canBeOrdered(targetOf(product));

  return (
    <div className="commands-tab">
      {state.status === 'loading' && <Loader />}
      {state.status === 'error' && (
        <p className="comments-list__error" role="alert">
          {t('network_error')}{' '}
          <button type="button" className="link-button" onClick={list.retry}>
            {t('retry')}
          </button>
        </p>
      )}
      {footer.canShowMore && (
        <ShowMoreBar
          label={demand ? t('show_more_proposals') : t('show_more_commands')}
          loaded={loadedCount(state)}
          total={state.total}
          loading={state.loadingMore}
          failed={state.failed}
          onClick={list.showMore}
        />
      )}
      {footer.restHidden && (
        <p className="commands-tab__private-note">
          <LockIcon size={16} />
          <span>
            {demand ? t('private_rest_demand') : t('private_rest')}{' '}
            {t('loaded_of_total', { loaded: loadedCount(state), total: state.total })}
          </span>
        </p>
      )}
      {state.items.length > 0 && (
        <ol className="commands-tab__items">
          {state.items.map((command) => (
            <li key={command.id}>
              <CommandItem
                command={command}
                product={product}
                shopRole={shopRole}
                removed={state.removed.includes(command.id)}
                onDeleted={() => list.remove(command.id)}
              />
            </li>
          ))}
        </ol>
      )}
      {state.status === 'ready' && state.total === 0 && state.items.length === 0 && (
        <EmptyState
          title={demand ? t('no_proposals') : t('no_commands')}
          icon={<HandshakeIcon size={28} />}
        />
      )}

      <div className="commands-tab__add">
        {me === null && <SignInPrompt label={t('sign_in_to_command')} />}
        {me && mayOrder && !orderable && (
          <p className="commands-tab__none-left">{t('nothing_left')}</p>
        )}
        {me && mayOrder && orderable && !formOpen && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setFormOpen(true)}
          >
            <PlusIcon size={18} />
            {demand ? t('add_proposal') : t('add_command')}
          </button>
        )}
        {me && mayOrder && orderable && formOpen && (
          <section
            className="commands-tab__form card"
            aria-label={demand ? t('add_proposal') : t('add_command')}
          >
            <h3 className="commands-tab__form-title">
              {demand ? t('add_proposal') : t('add_command')}
            </h3>
            <CommandForm
              product={product}
              onSaved={onCreated}
              onCancel={() => setFormOpen(false)}
            />
          </section>
        )}
      </div>
    </div>
  );
}
