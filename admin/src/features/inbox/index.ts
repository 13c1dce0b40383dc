/** The inbox feature's public face: the dashboard header links to the Inbox with its unread count. */
export { InboxLink } from './inbox-link.tsx';
