import { useTranslation } from 'react-i18next';

import { Dialog } from '@/shared/ui';

import { RecentExports } from '../RecentExports/RecentExports';

export interface ExportsPanelProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/** The user's latest exports in a small dialog, from any screen: every finished file has its link here. */
export function ExportsPanel({ open, onOpenChange }: ExportsPanelProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="md" title={t('home.exports')}>
      <RecentExports />
    </Dialog>
  );
}
