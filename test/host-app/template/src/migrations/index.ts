// Replaced by `payload migrate:create`, which lists the migrations it makes here.
export const migrations = []
