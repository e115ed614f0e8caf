import Drawer from '@mui/material/Drawer';
import type { LatestMemories } from '../../memories';
import { MemoryPanel } from './MemoryPanel';

/**
 * The memory panel beside the thread on a wide screen; over it, as a drawer, on a phone or tablet (closed
 * once a memory is picked, so its details show).
 */
export function ChatMemorySide({
  wide,
  open,
  onClose,
  latest,
  onMemoryClick,
}: {
  readonly wide: boolean;
  readonly open: boolean;
  readonly onClose: () => void;
  readonly latest: LatestMemories;
  readonly onMemoryClick: (id: string) => void;
}) {
  if (wide) return open ? <MemoryPanel latest={latest} onMemoryClick={onMemoryClick} /> : null;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Over the top bar (which sits above the navigation drawer), like any dialog.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      <MemoryPanel
        latest={latest}
        onMemoryClick={(id) => {
          onClose();
          onMemoryClick(id);
        }}
      />
    </Drawer>
  );
}
