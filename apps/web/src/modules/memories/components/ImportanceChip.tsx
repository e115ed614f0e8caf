import Chip from '@mui/material/Chip';
import { DEFAULT_IMPORTANCE } from '@membolt/contracts/rules';
import { importanceColor, importancePercent } from '../utils/memory-display.util';

/** The importance percentage badge: primary above 80 percent, info above 50 (docs/requirements/web-app.md, Limits and constants). */
export function ImportanceChip({ importance }: { readonly importance: number | null | undefined }) {
  const value = importance ?? DEFAULT_IMPORTANCE;
  const percent = importancePercent(value);
  return (
    <Chip
      size="small"
      label={percent}
      color={importanceColor(value)}
      aria-label={`Importance ${percent}`}
      data-testid="importance-badge"
    />
  );
}
