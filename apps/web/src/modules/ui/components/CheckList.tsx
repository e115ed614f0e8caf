import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';

/** Short lines, each ticked off, e.g. what a plan includes. */
export function CheckList({ items }: { readonly items: readonly string[] }) {
  return (
    <List dense disablePadding>
      {items.map((item) => (
        // Aligned to the top, so the tick stays beside the first line of an item that wraps.
        <ListItem key={item} disableGutters sx={{ alignItems: 'flex-start' }}>
          <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
            <CheckCircleIcon fontSize="small" color="primary" />
          </ListItemIcon>
          <ListItemText primary={item} />
        </ListItem>
      ))}
    </List>
  );
}
