/** s3rver ships no types; the tests use only this much of it (`test/helpers/s3Server.ts`). */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string
      configureBuckets?: { name: string }[]
      directory: string
      port: number
      silent?: boolean
    })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
