import { evrReadiness, HOLDING_BASIS, isHoldingBasisType, type EvrProblem } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';

import { contractMessage } from '@/shared/i18n';

import type { Waybill } from '../../api/waybillApi';

import styles from './EvrChecklist.module.css';
import { waybillFieldLabel } from '../../lib/fieldLabel';

/** One line of the checklist: what EVR needs, and what is wrong with it if anything. */
export interface EvrCheck {
  readonly item: string;
  readonly label: string;
  readonly problem: string | null;
}

/** Checklist items that stand for several fields: the owner (a company or a private owner) and the EUDR pair. */
const belongsTo = (item: string, problem: EvrProblem) =>
  item === 'owner' ? problem.field.startsWith('owner') : item === 'eudr' ? problem.field.startsWith('eudr') : problem.field === item;

/**
 * The checklist of what confirming needs, from the contract's evrReadiness (the rule the server's
 * confirmation and the mocks apply): the items every waybill needs, then the fields its holding
 * basis needs, each with its problem or none.
 */
export function useEvrChecks(waybill: Waybill): { readonly checks: readonly EvrCheck[]; readonly missing: number } {
  const { t } = useTranslation();
  const problems = evrReadiness(waybill);
  const type = isHoldingBasisType(waybill.holdingBasisType) ? waybill.holdingBasisType : undefined;
  const items = [
    'owner',
    'transporterCompany',
    'driverName',
    'driverIdCode',
    'vehicleNumber',
    'departureTime',
    'holdingBasisType',
    ...(type ? HOLDING_BASIS[type].required : []),
    'eudr',
  ];
  const label = (item: string) => (item === 'owner' || item === 'eudr' ? t(`waybills.evr.${item}`) : waybillFieldLabel(t, item));
  const checks = items.map((item) => {
    const found = problems.filter((problem) => belongsTo(item, problem));
    return { item, label: label(item), problem: found.length ? found.map((p) => contractMessage(p.key, p.params)).join(' ') : null };
  });
  // Anything the contract finds that no item above stands for (a malformed claim) still shows.
  const others = problems
    .filter((problem) => !items.some((item) => belongsTo(item, problem)))
    .map((problem) => ({ item: problem.field, label: problem.field, problem: contractMessage(problem.key, problem.params) }));
  const all = [...checks, ...others];
  return { checks: all, missing: all.filter((check) => check.problem !== null).length };
}

/** The checks as a list: done ones ticked, missing ones with what is wrong. `onlyMissing` lists just those (the confirm dialog). */
export function EvrCheckList({ checks, onlyMissing = false }: { readonly checks: readonly EvrCheck[]; readonly onlyMissing?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list}>
      {checks
        .filter((check) => !onlyMissing || check.problem !== null)
        .map((check) => (
          <li key={check.item} className={check.problem ? styles.missing : styles.done}>
            <span className={styles.mark} aria-hidden="true">
              {check.problem ? '✗' : '✓'}
            </span>
            <span className={styles.label}>{check.label}</span>
            <span className={styles.state}>
              <span className={styles.visuallyHidden}>{check.problem ? t('waybills.evr.missing') : t('waybills.evr.done')}</span>
              {check.problem ? <span className={styles.problem}>{check.problem}</span> : null}
            </span>
          </li>
        ))}
    </ul>
  );
}

/** "Ready for EVR" on a draft's page: what confirming still needs, or that nothing is missing. */
export function EvrChecklist({ waybill }: { readonly waybill: Waybill }) {
  const { t } = useTranslation();
  const { checks, missing } = useEvrChecks(waybill);
  return (
    <section aria-labelledby="evr-checklist-title" className={styles.section}>
      <h2 id="evr-checklist-title" className={styles.title}>
        {t('waybills.evr.checklistTitle')}
      </h2>
      <p className={missing ? styles.summaryMissing : styles.summaryReady} role="status">
        {missing ? t('waybills.evr.checklistMissing', { count: missing }) : t('waybills.evr.checklistReady')}
      </p>
      <EvrCheckList checks={checks} />
    </section>
  );
}
