import { useTranslation } from '../../lib/use-translation';
import { can } from '../../../shared/domain/permissions';
import { useMe } from '../../lib/use-me';
import { CommentsList } from './components/comments-list';
import { SignInPrompt } from './components/sign-in-prompt';
import { maxDepthOf } from './thread';

/** The comments tab of a product (SPEC §2): its threads, three levels deep, and the input box. */
export function CommentsTab({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const canWrite = can.interact(me);
  return (
    <div className="comments-tab">
      <CommentsList
        key={productId}
        type="product"
        id={productId}
        depth={1}
        rules={{ maxDepth: maxDepthOf('product'), canWrite }}
        inputOpen
        showEmpty
      />
      {me === null && <SignInPrompt label={t('sign_in_to_comment')} />}
    </div>
  );
}
