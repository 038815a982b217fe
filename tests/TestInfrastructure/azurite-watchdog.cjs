// Preloaded into every Azurite the tests start (node --require this-file .../azurite/dist/src/blob/main.js):
// Azurite exits as soon as the process that started it is gone, however that process ended — SIGKILL included,
// which runs no .NET exit handler. Orphaned, this process is re-parented (its parent pid changes); and the starter's
// pid, passed in ACC_BACKUP_AZURITE_PARENT_PID, stops existing. Either one ends Azurite within half a second.
'use strict';
const parent = process.ppid;
const starter = Number(process.env.ACC_BACKUP_AZURITE_PARENT_PID) || parent;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

setInterval(() => {
  if (process.ppid !== parent || !alive(starter)) {
    process.exit(0);
  }
}, 500).unref();
