import type { StorybookConfig } from 'storybook-react-rsbuild';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: [],
  framework: { name: 'storybook-react-rsbuild', options: {} },
  // Serves the translation files and the MSW worker script, as the app does.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
};

export default config;
