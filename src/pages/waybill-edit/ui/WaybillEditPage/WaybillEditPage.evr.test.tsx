import { render } from '@testing-library/react';
import type { RequestHandler } from 'msw';

import { server } from '../../../../../tests/jest/server';

import { composeStories } from '../../../../../tests/jest/stories';

import * as stories from './WaybillEditPage.stories';

const { EvrGroups, EvrClientRules, New } = composeStories(stories);

const handlersOf = (msw: unknown): RequestHandler[] =>
  Object.values((msw as { handlers?: Record<string, RequestHandler | RequestHandler[]> } | undefined)?.handlers ?? {}).flat();

describe('the waybill form in the document’s groups, with the EVR fields', () => {
  it.each([
    ['groups, the holding basis fields of its type, the claims list', EvrGroups],
    ['the contract’s checks of personal codes and cadastral numbers', EvrClientRules],
    ['a new waybill still asks for what it always did', New],
  ])(
    '%s',
    async (_name, Story) => {
      server.use(...handlersOf(Story.parameters.msw));
      const { container } = render(<Story />);
      await Story.play?.({ canvasElement: container });
    },
    30_000,
  );
});
