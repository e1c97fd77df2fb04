import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';

import styles from './Button.module.css';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'danger', 'safe', 'minimal'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = 'md' | 'sm';

interface CommonProps {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  readonly disabled?: boolean;
  /** Decorative icon before the label; hidden from assistive technology. */
  readonly icon?: ReactNode;
  readonly className?: string;
  readonly children?: ReactNode;
}

export type ButtonAsButtonProps = CommonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof CommonProps> & { readonly to?: undefined };

export type ButtonAsLinkProps = CommonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof CommonProps | 'href'> & {
    /** Where the link goes inside the app; makes the button render as a router link. */
    readonly to: To;
    readonly replace?: boolean;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

const classNames = (...names: readonly (string | false | undefined)[]): string => names.filter(Boolean).join(' ');

const preventNavigation = (event: MouseEvent<HTMLAnchorElement>): void => event.preventDefault();

/** The one button of the app: a router link when given `to`, otherwise a `<button>`. */
export function Button(props: ButtonProps) {
  const { variant = 'primary', size = 'md', disabled = false, icon, className, children } = props;
  const classes = classNames(styles.button, styles[variant], styles[size], disabled && styles.disabled, className);
  const content = (
    <>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </>
  );

  if (props.to !== undefined) {
    const {
      to,
      replace,
      variant: _variant,
      size: _size,
      disabled: _disabled,
      icon: _icon,
      className: _className,
      children: _children,
      ...anchorProps
    } = props;
    if (disabled) {
      // A disabled link has no href, so it cannot be followed, and says so to assistive technology.
      return (
        <a {...anchorProps} role="link" aria-disabled="true" className={classes} onClick={preventNavigation}>
          {content}
        </a>
      );
    }
    return (
      <Link {...anchorProps} to={to} replace={replace} className={classes}>
        {content}
      </Link>
    );
  }

  const {
    to: _to,
    variant: _variant,
    size: _size,
    disabled: _disabled,
    icon: _icon,
    className: _className,
    children: _children,
    type = 'button',
    ...buttonProps
  } = props;
  return (
    <button {...buttonProps} type={type} disabled={disabled} className={classes}>
      {content}
    </button>
  );
}
