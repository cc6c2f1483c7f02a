export { SqlActivityLog } from './sql-activity-log.js';
