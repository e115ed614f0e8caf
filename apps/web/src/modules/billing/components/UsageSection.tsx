import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { USAGE_QUERY } from '../graphql/queries/usage.query';
import { formatCost, formatDollars } from '../utils/billing-display.util';

const LEDGER_PAGE = 20;

/** Usage this month by day (chart) and the ledger (table): Settings > Subscription, "Usage and Billing". */
export function UsageSection() {
  const { data, error } = useQuery(USAGE_QUERY, { variables: { ledgerLimit: LEDGER_PAGE } });
  if (error && !data) return <Alert severity="error">Failed to load usage. Please try again later.</Alert>;
  if (!data) return null;
  const { usageSummary, ledger } = data;
  const days = usageSummary.daily.map((day) => day.day.slice(5));
  return (
    <Stack spacing={3} id="usage" data-testid="usage-section">
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Usage This Month
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={3}
            sx={{ mb: 2 }}
            data-testid="usage-totals"
          >
            <Typography>{`Calls: ${usageSummary.totals.calls}`}</Typography>
            <Typography>{`Conversations: ${usageSummary.totals.conversations}`}</Typography>
            <Typography>{`Tokens: ${usageSummary.totals.tokens}`}</Typography>
            <Typography>{`Cost: ${formatCost(usageSummary.totals.costCents)}`}</Typography>
          </Stack>
          <Box data-testid="usage-chart">
            <BarChart
              height={260}
              xAxis={[{ data: days, scaleType: 'band' }]}
              series={[
                { data: usageSummary.daily.map((day) => day.calls), label: 'Calls' },
                { data: usageSummary.daily.map((day) => day.conversations), label: 'Conversations' },
              ]}
            />
            <BarChart
              height={200}
              xAxis={[{ data: days, scaleType: 'band' }]}
              series={[
                { data: usageSummary.daily.map((day) => day.tokens), label: 'Tokens' },
                { data: usageSummary.daily.map((day) => day.costCents), label: 'Cost (cents)' },
              ]}
            />
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Ledger
          </Typography>
          {ledger.entries.length === 0 ? (
            <Typography color="textSecondary">No entries yet.</Typography>
          ) : (
            <Table size="small" data-testid="ledger-table">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell align="right">Balance</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ledger.entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{new Date(entry.createdAt).toLocaleString()}</TableCell>
                    <TableCell>{entry.description}</TableCell>
                    <TableCell align="right">{formatDollars(entry.amountCents)}</TableCell>
                    <TableCell align="right">{formatDollars(entry.balanceAfterCents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {ledger.total > ledger.entries.length && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {`The ${ledger.entries.length} newest of ${ledger.total} entries.`}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
