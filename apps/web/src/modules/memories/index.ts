// What other modules (dashboard, chat) use from the memories module.
export { useLatestMemories, type LatestMemories } from './hooks/use-latest-memories';
export { useMemoryStats, type MemoryStatsState } from './hooks/use-memory-stats';
export { ImportanceChip } from './components/ImportanceChip';
export { MemoryDetailsDialog } from './components/MemoryDetailsDialog';
