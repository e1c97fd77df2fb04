import { setProjectAnnotations } from '@storybook/react';

import { annotations } from '../../.storybook/annotations';

// The preview's decorators and parameters (the app's providers, router, the MSW handlers by entity)
// for the tests that render stories; imported by those alone, as Storybook's renderer is heavy to load.
setProjectAnnotations(annotations);

export { composeStories, composeStory } from '@storybook/react';
