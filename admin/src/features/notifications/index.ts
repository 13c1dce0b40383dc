/** The notifications feature's public face: the dashboard header shows the bell. */
export { NotificationBell } from './notification-bell.tsx';
