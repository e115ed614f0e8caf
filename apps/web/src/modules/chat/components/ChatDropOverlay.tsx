import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Over the thread while a file is dragged over it: where to drop it. */
export function ChatDropOverlay() {
  return (
    <Box
      data-testid="chat-drop-target"
      sx={{
        position: 'absolute',
        inset: 8,
        zIndex: 2,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        borderRadius: 2,
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Typography variant="h6">Drop a file to upload it</Typography>
    </Box>
  );
}
