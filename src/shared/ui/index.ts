export { Button, BUTTON_VARIANTS } from './Button/Button';
export type { ButtonAsButtonProps, ButtonAsLinkProps, ButtonProps, ButtonSize, ButtonVariant } from './Button/Button';
export { PagePlaceholder } from './PagePlaceholder/PagePlaceholder';
export type { PagePlaceholderProps } from './PagePlaceholder/PagePlaceholder';
