import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Markdown from 'markdown-to-jsx/react';
import type { ReactNode } from 'react';
import { MONOSPACE_FONT_STACK } from '../../../app/theme/theme';

function ExternalLink({ href, children }: { readonly href?: string; readonly children?: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
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
 * (no `javascript:`), so a model's answer cannot inject markup or script.
 */
export function MarkdownText({ text }: { readonly text: string }) {
  return (
    <Box sx={{ '& p': { my: 0.5 }, '& ul, & ol': { my: 0.5, pl: 3 }, overflowWrap: 'anywhere' }}>
      <Markdown
        options={{
          disableParsingRawHTML: true,
          forceBlock: true,
          overrides: { a: ExternalLink, pre: CodeBlock, code: InlineCode },
        }}
      >
        {text}
      </Markdown>
    </Box>
  );
}
