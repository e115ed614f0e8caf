import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@membolt/contracts/rules';

export function Copyright() {
  return (
    <Typography variant="body2" color="textSecondary" align="center" data-testid="auth-copyright">
      {`© ${new Date().getFullYear()} ${PRODUCT_NAME}. All rights reserved.`}
    </Typography>
  );
}
