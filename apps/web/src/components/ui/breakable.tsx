import { Fragment } from "react";

/** Where a long e-mail, reference or address wraps first: before "@" and ".", after "-", "/" and "_". */
const BREAK_POINTS = /(?=[@.])|(?<=[-/_])/;

/**
 * Text with line-break opportunities (`<wbr>`) at its natural points, so that a long e-mail or
 * reference wraps there rather than at an arbitrary letter. Pair it with `wrap-anywhere` on the
 * element, the last resort for a part longer than the line. The text content stays the same.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(BREAK_POINTS);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
