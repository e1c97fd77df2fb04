import type { ImportRecord } from '@timberlog/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/shared/ui';

const loadDialog = () => import('../ImportDialog/ImportDialog');
const ImportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ImportDialog })));
const preloadDialog = () => void loadDialog();

export interface ImportButtonProps {
  /** What the file's rows become. */
  readonly record: ImportRecord;
}

/**
 * "Import" on the waybill or worklog list: the import dialog, its file reading and its checks load
 * when the button is pointed at, focused or used, not with the list.
 */
export function ImportButton({ record }: ImportButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Each opening starts afresh (no file chosen).
  const [opening, setOpening] = useState(0);
  return (
    <>
      <Button
        variant="secondary"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        aria-haspopup="dialog"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {/* The record's import words (IMPORT_KINDS' `texts`, `waybills.import`): not its columns, which load with the dialog. */}
        {t(`${record}.import.button`)}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog key={opening} record={record} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
