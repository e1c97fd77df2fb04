import type { Preview } from '@storybook/react';
import { mswLoader } from 'msw-storybook-addon/csf3';

import { annotations } from './annotations';

const preview: Preview = {
  ...annotations,
  loaders: [mswLoader()],
};

export default preview;
