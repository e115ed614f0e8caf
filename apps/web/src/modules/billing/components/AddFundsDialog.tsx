import { useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ADD_FUNDS_DEFAULT_DOLLARS } from '@membolt/contracts/rules';
import { graphqlErrorMessage } from '../../auth/utils/graphql-error.util';
import { FormDialog } from '../../ui/components/FormDialog';
import { ADD_FUNDS_MUTATION } from '../graphql/mutations/add-funds.mutation';
import { parseAddFundsAmount } from '../utils/billing-display.util';

/** Add Funds: "Amount ($)", default 5, $1 to $1,000, through the payment provider (a real server call). */
export function AddFundsDialog({
  open,
  simulation,
  onClose,
}: {
  open: boolean;
  simulation: boolean;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState(String(ADD_FUNDS_DEFAULT_DOLLARS));
  const [error, setError] = useState<string | null>(null);
  const [addFunds, { loading }] = useMutation(ADD_FUNDS_MUTATION, {
    refetchQueries: ['SubscriptionStatus', 'UsagePage'],
    awaitRefetchQueries: true,
  });

  const close = () => {
    setAmount(String(ADD_FUNDS_DEFAULT_DOLLARS));
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseAddFundsAmount(amount);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    try {
      const result = await addFunds({ variables: { amountCents: parsed.cents } });
      const checkoutUrl = result.data?.addFunds.checkoutUrl;
      if (checkoutUrl) {
        window.location.assign(checkoutUrl);
        return;
      }
      close();
    } catch (failure) {
      setError(graphqlErrorMessage(failure) ?? 'Failed to add funds. Please try again.');
    }
  };

  return (
    <FormDialog
      open={open}
      id="add-funds"
      title="Add Funds"
      maxWidth="xs"
      submitLabel="Add Funds"
      busyLabel="Adding funds"
      submitMinWidth={120}
      busy={loading}
      error={error}
      onCancel={close}
      onSubmit={(event) => void submit(event)}
    >
      {simulation && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-simulation-notice">
          Payments are simulated on this server: no card is charged.
        </Alert>
      )}
      <TextField
        label="Amount ($)"
        type="number"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 } }}
        fullWidth
        autoFocus
        margin="dense"
      />
    </FormDialog>
  );
}
