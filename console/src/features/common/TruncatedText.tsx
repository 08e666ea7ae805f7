import { useLayoutEffect, useRef, useState } from 'react';
import { Text, Tooltip } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';

interface Props extends Omit<TextProps, 'truncate' | 'children'> {
  children: string;
  /** The widest the text may grow before it is cut, e.g. a table column's share. */
  maw?: TextProps['maw'];
}

/**
 * One line of text cut with an ellipsis where it does not fit (a 200-character title without spaces);
 * when cut, the whole text shows in a tooltip on hover and on keyboard focus, so the text is then
 * focusable.
 */
export function TruncatedText({ children, ...props }: Props) {
  const size = useElementSize<HTMLParagraphElement>();
  const own = useRef<HTMLParagraphElement>(null);
  const ref = useMergedRef(size.ref, own);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = own.current;
    if (element) setCut(element.scrollWidth > element.clientWidth);
  }, [children, size.width]);
  return (
    <Tooltip
      label={children}
      disabled={!cut}
      multiline
      maw={480}
      style={{ overflowWrap: 'anywhere' }}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Text
        ref={ref}
        // in a table cell or a heading it takes the surrounding font unless given a size
        inherit={props.size === undefined}
        span
        display="block"
        truncate="end"
        tabIndex={cut ? 0 : undefined}
        {...props}
      >
        {children}
      </Text>
    </Tooltip>
  );
}
