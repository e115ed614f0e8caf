import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';

export function OrDivider() {
  return (
    <Divider sx={{ my: 2.5 }}>
      <Typography variant="body2" color="textSecondary">
        OR
      </Typography>
    </Divider>
  );
}
