import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

import { freePort } from '../../src/lib/freePort'

export type S3Server = {
  /** The variables that point the app at this server's bucket. */
  env: Record<string, string>
  /** The object keys stored in the bucket. */
  keys: () => Promise<string[]>
  close: () => Promise<void>
}

/** A real S3 API (s3rver) on a loopback port, with one empty bucket, storing in a temporary directory. */
export async function startS3Server(bucket = 'media'): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-s3-'))
  const port = await freePort()
  const server = new S3rver({
    address: '127.0.0.1',
    configureBuckets: [{ name: bucket }],
    directory,
    port,
    silent: true,
  })
  await server.run()
  return {
    env: {
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    keys: async () => {
      const files = await fs.readdir(path.join(directory, bucket), { recursive: true })
      return files
        .filter((file) => file.endsWith('._S3rver_object'))
        .map((file) => file.replace(/\._S3rver_object$/, ''))
    },
    close: async () => {
      await server.close()
      await fs.rm(directory, { force: true, recursive: true })
    },
  }
}
