import MoreVertIcon from '@mui/icons-material/MoreVert';
import PsychologyIcon from '@mui/icons-material/Psychology';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PickerModel } from '../chat.types';
import { ModelPicker } from './ModelPicker';

interface ChatHeaderProps {
  readonly title: string;
  readonly models: readonly PickerModel[];
  readonly model: string;
  readonly onModelChange: (modelId: string) => void;
  readonly busy: boolean;
  readonly memoryPanelOpen: boolean;
  readonly onToggleMemoryPanel: () => void;
  readonly onClear: () => void;
  readonly onSave: () => void;
  /** Opens the Share dialog; absent while the conversation is not stored yet (nothing to share). */
  readonly onShare?: (() => void) | undefined;
}

/** The model picker, the memory-panel toggle and the more menu (Save, Share and Clear Conversation). */
export function ChatHeader({
  title,
  models,
  model,
  onModelChange,
  busy,
  memoryPanelOpen,
  onToggleMemoryPanel,
  onClear,
  onSave,
  onShare,
}: ChatHeaderProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const panelLabel = memoryPanelOpen ? 'Hide memory panel' : 'Show memory panel';
  const choose = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        px: { xs: 1, sm: 2 },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {/* Where the title would get less than 200 px (a phone, or beside both side panels), it keeps its
          own line and the model with the buttons goes to the next. */}
      <Typography
        variant="h6"
        component="h1"
        noWrap
        sx={{ flexGrow: 1, flexBasis: 0, minWidth: 200 }}
        data-testid="chat-title"
      >
        {title}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0, ml: 'auto' }}>
        <ModelPicker models={models} value={model} onChange={onModelChange} disabled={busy} />
        <Tooltip title={panelLabel}>
          <IconButton aria-label={panelLabel} aria-pressed={memoryPanelOpen} onClick={onToggleMemoryPanel}>
            {memoryPanelOpen ? <PsychologyIcon color="primary" /> : <PsychologyOutlinedIcon />}
          </IconButton>
        </Tooltip>
        <IconButton
          aria-label="More options"
          aria-haspopup="menu"
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
      </Stack>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={choose(onSave)}>Save Conversation</MenuItem>
        <MenuItem onClick={onShare ? choose(onShare) : undefined} disabled={!onShare}>
          Share Conversation
        </MenuItem>
        <MenuItem onClick={choose(onClear)} disabled={busy}>
          Clear Conversation
        </MenuItem>
      </Menu>
    </Stack>
  );
}
