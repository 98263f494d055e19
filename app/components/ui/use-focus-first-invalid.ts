import { useEffect, useRef } from "react";

/**
 * Moves focus to the first invalid field (`aria-invalid`) inside the element
 * the returned ref is set on, each time `refusal` changes to another refusal:
 * after a refused submission, keyboard and screen-reader users land on what
 * needs fixing, and hear its error (the field's `aria-describedby`).
 */
export function useFocusFirstInvalid<T extends HTMLElement>(refusal: unknown) {
  const container = useRef<T>(null);
  useEffect(() => {
    if (refusal) container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusal]);
  return container;
}
