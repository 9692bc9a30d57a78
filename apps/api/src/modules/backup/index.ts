export { backupDatabase, defaultBackupPath, restoreBackup } from "./backup.service";
export type { RestoreTarget } from "./backup.service";
