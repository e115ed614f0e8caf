import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

interface DisabledWithTooltipProps {
  readonly title: string;
  /** A disabled control; it fires no pointer events, so the tooltip listens on a wrapper. */
  readonly children: ReactElement;
  readonly fullWidth?: boolean;
  readonly testId?: string;
}

/** Explains why a control is disabled. */
export function DisabledWithTooltip({
  title,
  children,
  fullWidth = false,
  testId,
}: DisabledWithTooltipProps) {
  return (
    <Tooltip title={title} describeChild>
      <Box
        component="span"
        // Focusable, so keyboard users can reach the explanation too.
        tabIndex={0}
        data-testid={testId}
        sx={{
          display: fullWidth ? 'block' : 'inline-block',
          width: fullWidth ? '100%' : 'auto',
          cursor: 'not-allowed',
        }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}
