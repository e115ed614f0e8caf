import { describeBusTransportContract } from '../testing/bus-transport.contract.js';
import { InProcessBroker } from './in-process.broker.js';

describeBusTransportContract('in-process', async () => ({
  transport: { transport: 'in-process', broker: new InProcessBroker() },
  teardown: async () => undefined,
}));
