import { render } from '@testing-library/react';

import { composeStories } from '../../../../../tests/jest/stories';

import * as stories from './EvrChecklist.stories';

const { Incomplete, Complete, MalformedOwnerCode, Estonian } = composeStories(stories);

describe('EvrChecklist: what confirming needs, from the contract', () => {
  it.each([
    ['Incomplete', Incomplete],
    ['Complete', Complete],
    ['MalformedOwnerCode', MalformedOwnerCode],
    ['Estonian', Estonian],
  ])('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
