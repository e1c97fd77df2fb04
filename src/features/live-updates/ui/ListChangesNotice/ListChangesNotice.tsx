import { useTranslation } from 'react-i18next';

import { baseApi, LIST_ID, TAGS, type TagType } from '@/shared/api';
import { useAppDispatch } from '@/shared/model';
import { Button } from '@/shared/ui';

import { useChangedSince } from '../../model/liveState';

import styles from './ListChangesNotice.module.css';

export interface ListChangesNoticeProps {
  /** The record kind the list shows, as the server's events name it. */
  readonly entity: 'waybill' | 'worklog' | 'invoice' | 'user';
  /** When the list's rows were asked for (RTK Query's `startedTimeStamp`); nothing before it is news. */
  readonly since: number | undefined;
}

const TAG: Record<ListChangesNoticeProps['entity'], TagType> = {
  waybill: TAGS.waybill,
  worklog: TAGS.worklog,
  invoice: TAGS.invoice,
  user: TAGS.user,
};

/**
 * "3 waybills changed or added · Show": what colleagues changed since the list was loaded. The list
 * does not move under the user's pointer; it updates in place when they ask.
 */
export function ListChangesNotice({ entity, since }: ListChangesNoticeProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const count = useChangedSince(entity, since);
  // The live region stays in the page (empty), so the notice is announced when it appears.
  return (
    <div role="status">
      {count > 0 ? (
        <p className={styles.notice}>
          <span>{t(`live.changed.${entity}`, { count })}</span>
          <Button size="sm" variant="secondary" onClick={() => dispatch(baseApi.util.invalidateTags([{ type: TAG[entity], id: LIST_ID }]))}>
            {t('live.show')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
