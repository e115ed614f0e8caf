import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Markdown from 'markdown-to-jsx/react';
import type { ReactNode } from 'react';
import { MONOSPACE_FONT_STACK } from '../../../app/theme/theme';

/** The plain text of a link's label, when it is only text. */
function textOf(children: ReactNode): string | null {
  if (typeof children === 'string') return children;
  if (Array.isArray(children) && children.every((child) => typeof child === 'string'))
    return children.join('');
  return null;
}

function AnswerLink({
  href,
  children,
  clickable,
}: {
  readonly href?: string;
  readonly children?: ReactNode;
  readonly clickable: (href: string) => boolean;
}) {
  if (href && clickable(href))
    return (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    );
  // Shown, never followed: the label and, when it differs, where the link pointed.
  const label = textOf(children);
  return (
    <Box component="span" data-testid="unlinked-url">
      {children}
      {href && label !== href ? ` (${href})` : ''}
    </Box>
  );
}

function CodeBlock({ children }: { readonly children?: ReactNode }) {
  return (
    <Box
      component="pre"
      sx={{
        fontFamily: MONOSPACE_FONT_STACK,
        fontSize: '0.85rem',
        bgcolor: 'action.hover',
        borderRadius: 1,
        p: 1.5,
        my: 1,
        overflowX: 'auto',
        '& code': { bgcolor: 'transparent', px: 0 },
      }}
    >
      {children}
    </Box>
  );
}

function InlineCode({ children }: { readonly children?: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{
        fontFamily: MONOSPACE_FONT_STACK,
        fontSize: '0.9em',
        bgcolor: 'action.hover',
        px: 0.5,
        borderRadius: 0.5,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * An answer's markdown (paragraphs, lists, emphasis, links, code blocks) rendered as React elements. Raw
 * HTML in the text is never parsed (it shows as text), and link URLs go through the library's sanitizer
 * (no `javascript:`), so a model's answer cannot inject markup or script. A link `isLinkClickable` refuses
 * (one that came from memory text) is shown as text with its address, never as a link.
 */
export function MarkdownText({
  text,
  isLinkClickable,
}: {
  readonly text: string;
  readonly isLinkClickable: (href: string) => boolean;
}) {
  const link = ({ href, children }: { readonly href?: string; readonly children?: ReactNode }) => (
    <AnswerLink href={href} clickable={isLinkClickable}>
      {children}
    </AnswerLink>
  );
  return (
    <Box sx={{ '& p': { my: 0.5 }, '& ul, & ol': { my: 0.5, pl: 3 }, overflowWrap: 'anywhere' }}>
      <Markdown
        options={{
          disableParsingRawHTML: true,
          forceBlock: true,
          overrides: { a: link, pre: CodeBlock, code: InlineCode },
        }}
      >
        {text}
      </Markdown>
    </Box>
  );
}
