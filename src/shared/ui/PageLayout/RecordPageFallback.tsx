import { useTranslation } from 'react-i18next';

import { Button } from '../Button/Button';
import { FormAlert } from '../FormCard/FormCard';

import { CardSkeleton, MutedText, Page, PageHeader, type PageHeaderProps } from './PageLayout';

export interface RecordPageFallbackProps {
  /** The h1's id. */
  readonly titleId: string;
  readonly back: NonNullable<PageHeaderProps['back']>;
  /** The page's title while the record loads, and when loading it failed. */
  readonly title: string;
  /** True while the record's first answer is awaited. */
  readonly loading: boolean;
  /** When the record does not exist: the page's title and what it says. */
  readonly notFound: { readonly title: string; readonly text: string } | null;
  /** When loading failed otherwise: what went wrong, with a button that asks again. */
  readonly failure: string;
  readonly retryLabel: string;
  readonly onRetry: () => void;
  /** The button waits while the record is being asked for again. */
  readonly retrying: boolean;
}

/**
 * A record's page before it has its record: loading (the title, a skeleton), not found (its own
 * title and text), or failed (the message and a retry). Every record page shows these alike.
 */
export function RecordPageFallback({
  titleId,
  back,
  title,
  loading,
  notFound,
  failure,
  retryLabel,
  onRetry,
  retrying,
}: RecordPageFallbackProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Page width="detail" labelledBy={titleId} busy>
        <PageHeader titleId={titleId} back={back} title={title} />
        <MutedText>{t('errors.loading')}</MutedText>
        <CardSkeleton />
      </Page>
    );
  }
  return (
    <Page width="detail" labelledBy={titleId}>
      <PageHeader titleId={titleId} back={back} title={notFound ? notFound.title : title} />
      {notFound ? (
        <MutedText>{notFound.text}</MutedText>
      ) : (
        <>
          <FormAlert>{failure}</FormAlert>
          <div>
            <Button variant="secondary" onClick={onRetry} disabled={retrying}>
              {retryLabel}
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
