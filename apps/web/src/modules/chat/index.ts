// What other modules (the dashboard) use from the chat module.
export { useRecentConversations, type RecentConversations } from './hooks/use-recent-conversations';
