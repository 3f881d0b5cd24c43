export const importMap = {}
