import { render } from '@testing-library/react';
import type { RequestHandler } from 'msw';

import { server } from '../../../../../tests/jest/server';

import { composeStories } from '../../../../../tests/jest/stories';

import * as stories from './WaybillDetailPage.stories';

const { NotReadyForEvr, ConfirmRefusedForEvr, BeforeEvr, ConfirmThenDeliver, Refused } = composeStories(stories);

const handlersOf = (msw: unknown): RequestHandler[] =>
  Object.values((msw as { handlers?: Record<string, RequestHandler | RequestHandler[]> } | undefined)?.handlers ?? {}).flat();

describe('the waybill page and EVR: the checklist and the confirm dialog', () => {
  it.each([
    ['a draft not ready: the checklist, and Confirm lists what is missing', NotReadyForEvr],
    ['the server refuses the confirmation: its reasons in the dialog', ConfirmRefusedForEvr],
    ['a waybill from before EVR', BeforeEvr],
    ['a ready draft is confirmed through the dialog', ConfirmThenDeliver],
    ['a refused transition shows in the dialog', Refused],
  ])('%s', async (_name, Story) => {
    server.use(...handlersOf(Story.parameters.msw));
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
