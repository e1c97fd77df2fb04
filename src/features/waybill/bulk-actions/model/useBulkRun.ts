import { skipToken } from '@reduxjs/toolkit/query';
import type { ExportFormat } from '@timberlog/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import {
  isBatchJob,
  useBulkWaybillsMutation,
  useGetBatchJobQuery,
  usePreviewBulkWaybillsQuery,
  waybillVolumeApi,
  type BatchJob,
  type BulkAction,
  type BulkRequest,
  type BulkResult,
} from '@/entities/waybill';
import { extractApiError, isApiError, TAGS } from '@/shared/api';
import { useAppDispatch } from '@/shared/model';

import { bulkRequest, type BulkTarget } from './target';

/** How often a background bulk action is asked about, in ms. */
export const BATCH_POLL_MS = 1000;

/**
 * Where a bulk action is: its dry run under way (a background job past the rows answered at once
 * reports its progress), the preview it answered (being checked again when a waybill in it changed,
 * and whether it was), the real run under way, its results, or a failure (of the dry run or of the
 * real run, with the preview kept so the user can try again).
 */
export type BulkPhase =
  | { readonly name: 'checking'; readonly job?: BatchJob }
  | { readonly name: 'preview'; readonly preview: BulkResult; readonly rechecking?: boolean; readonly rechecked?: boolean }
  | { readonly name: 'running'; readonly preview: BulkResult; readonly job?: BatchJob }
  | { readonly name: 'results'; readonly result: BulkResult }
  | { readonly name: 'failed'; readonly message: string; readonly preview?: BulkResult };

/** The text of a failed call: the server's field messages (the filters refused) or its message. */
export function failureText(failure: unknown): string {
  const error = isApiError(failure) ? failure : extractApiError(failure);
  const fields = Object.values(error.fieldErrors);
  return fields.length > 0 ? fields.join(' ') : error.message;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface BulkRunOptions {
  readonly action: BulkAction;
  readonly target: BulkTarget;
}

/** What the real run is sent with: the reason and the export's format as they are when it is sent. */
export interface BulkCallInput {
  readonly reason: string;
  readonly format: ExportFormat;
}

/**
 * The dry run's answer as a phase: a background job polled to its end, or the preview; asked again
 * (by the cache, when a live event names one of its waybills) while showing the answer before.
 */
function usePreview(request: BulkRequest, skip: boolean): BulkPhase {
  // Each opening asks anew, even for a request asked just before.
  const dry = usePreviewBulkWaybillsQuery(request, { skip, refetchOnMountOrArgChange: true });
  // The answer to this request (not one to the request before, kept while this one is asked).
  const answer = dry.currentData;
  const job = answer && isBatchJob(answer) ? answer : undefined;
  // A job is polled until it has ended.
  const [endedJob, setEndedJob] = useState<string | null>(null);
  const polled = useGetBatchJobQuery(job && !skip ? job.id : skipToken, {
    pollingInterval: job && job.id === endedJob ? 0 : BATCH_POLL_MS,
  });
  const latestJob = polled.data && polled.data.id === job?.id ? polled.data : job;
  if (latestJob && (latestJob.state === 'done' || latestJob.state === 'failed') && endedJob !== latestJob.id) setEndedJob(latestJob.id);
  // The first answer of this opening. One asked again that is alike is the same object (the cache
  // keeps what did not change), so another one is news: the user's own earlier changes are none.
  const [first, setFirst] = useState<{ readonly of: BulkRequest; readonly answer: BulkResult | BatchJob } | null>(null);
  const firstAnswer = first?.of === request ? first.answer : undefined;
  if (firstAnswer === undefined && answer && !dry.isFetching) setFirst({ of: request, answer });

  if (dry.error) return { name: 'failed', message: failureText(dry.error) };
  if (!answer || firstAnswer === undefined) return { name: 'checking' };
  if (latestJob) {
    if (polled.error) return { name: 'failed', message: failureText(polled.error) };
    if (latestJob.state === 'failed') return { name: 'failed', message: latestJob.error ?? '' };
    if (latestJob.state === 'done') return { name: 'preview', preview: latestJob.result as BulkResult };
    return { name: 'checking', job: latestJob };
  }
  return {
    name: 'preview',
    preview: answer as BulkResult,
    rechecking: dry.isFetching,
    rechecked: answer !== firstAnswer,
  };
}

/**
 * A bulk action from its dry run to its results. The dry run is a cached query of its own: a
 * colleague's change to one of its waybills asks it again while it is shown. `run` makes the real
 * one; a background job is polled until it is done; after a real run the waybills are read again.
 * `retry` asks again what failed. A new action or target starts over.
 */
export function useBulkRun({ action, target }: BulkRunOptions) {
  const dispatch = useAppDispatch();
  const [bulk] = useBulkWaybillsMutation();
  const request = useMemo(() => bulkRequest(target, action, { dryRun: true }), [target, action]);
  // The real run of this request, once asked for; until then the phase is the dry run's.
  const [run, setRun] = useState<{ readonly of: BulkRequest; readonly phase: BulkPhase } | null>(null);
  const running = run?.of === request ? run.phase : null;
  const preview = usePreview(request, running !== null);
  // Only the latest real run's answers count; 0 once unmounted.
  const latest = useRef(1);
  useEffect(
    () => () => {
      latest.current = 0;
    },
    [],
  );

  /** Sends the real run and follows it to its answer; sets state only after awaiting, and only while current. */
  const follow = useCallback(
    async (call: number, input: BulkCallInput, previewed: BulkResult) => {
      const current = () => latest.current === call;
      const show = (phase: BulkPhase) => {
        if (current()) setRun({ of: request, phase });
      };
      let answer: BulkResult | BatchJob;
      try {
        answer = await bulk(bulkRequest(target, action, { dryRun: false, ...input })).unwrap();
      } catch (failure) {
        show({ name: 'failed', message: failureText(failure), preview: previewed });
        return;
      }
      while (isBatchJob(answer)) {
        const job: BatchJob = answer;
        if (!current()) return;
        if (job.state === 'failed') {
          show({ name: 'failed', message: job.error ?? '', preview: previewed });
          return;
        }
        if (job.state === 'done') {
          answer = job.result as BulkResult;
          // The background run changed the waybills after its request answered: read them again now.
          dispatch(waybillVolumeApi.util.invalidateTags([{ type: TAGS.waybill }]));
          break;
        }
        show({ name: 'running', preview: previewed, job });
        await wait(BATCH_POLL_MS);
        if (!current()) return;
        try {
          answer = await dispatch(
            waybillVolumeApi.endpoints.getBatchJob.initiate(job.id, { subscribe: false, forceRefetch: true }),
          ).unwrap();
        } catch (failure) {
          show({ name: 'failed', message: failureText(failure), preview: previewed });
          return;
        }
      }
      show({ name: 'results', result: answer });
    },
    [bulk, dispatch, target, action, request],
  );

  const start = useCallback(
    (previewed: BulkResult, input: BulkCallInput) => {
      const call = ++latest.current;
      setRun({ of: request, phase: { name: 'running', preview: previewed } });
      void follow(call, input, previewed);
    },
    [follow, request],
  );

  const retryPreview = usePreviewRetry(request);
  const phase = running ?? preview;
  const retry = useCallback(
    (input: BulkCallInput) => {
      if (phase.name === 'failed' && phase.preview) start(phase.preview, input);
      else retryPreview();
    },
    [phase, start, retryPreview],
  );
  return { phase, run: start, retry };
}

/** Asks the dry run again (after it failed). */
function usePreviewRetry(request: BulkRequest): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    void dispatch(waybillVolumeApi.endpoints.previewBulkWaybills.initiate(request, { subscribe: false, forceRefetch: true }));
  }, [dispatch, request]);
}
