export { Button, BUTTON_VARIANTS } from './Button/Button';
export type { ButtonAsButtonProps, ButtonAsLinkProps, ButtonProps, ButtonSize, ButtonVariant } from './Button/Button';
export { PagePlaceholder } from './PagePlaceholder/PagePlaceholder';
export type { PagePlaceholderProps } from './PagePlaceholder/PagePlaceholder';
export { Badge, BADGE_TONES } from './Badge/Badge';
export type { BadgeProps, BadgeTone } from './Badge/Badge';
