import type { ButtonHTMLAttributes, Ref } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "./cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "light" | "onDark";
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const sizes: Record<ButtonSize, string> = {
  md: "px-4 py-2.5 text-sm sm:px-5",
  lg: "px-6 py-3 text-base",
};

const variants: Record<ButtonVariant, string> = {
  primary: "bg-teal-700 text-white hover:bg-teal-800 focus-visible:outline-teal-700",
  secondary: "border border-teal-700 bg-white text-teal-800 hover:bg-teal-50 focus-visible:outline-teal-700",
  ghost: "text-teal-800 hover:bg-teal-50 focus-visible:outline-teal-700",
  light: "bg-white text-teal-900 hover:bg-teal-50 focus-visible:outline-white",
  onDark: "border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white",
};

/**
 * Classes of a button, for links that look like one. `className` is for layout (width, margins):
 * colours, padding and type size come from the variant and size, never from overrides.
 */
export function buttonClasses(variant: ButtonVariant = "primary", className?: string, size: ButtonSize = "md"): string {
  return cn(base, sizes[size], variants[variant], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled, marked aria-busy and shows a spinner; its name does not change. */
  busy?: boolean;
  /** React 19 passes refs as props; the button element gets it (e.g. to move the focus onto it). */
  ref?: Ref<HTMLButtonElement>;
}

/** The app's button. Defaults to type="button" so that only submit buttons submit. */
export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, className, size)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/** A router link styled as a button. */
export function ButtonLink({
  variant = "primary",
  size = "md",
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClasses(variant, className, size)} {...rest} />;
}
