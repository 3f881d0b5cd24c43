import type { Payload } from 'payload'

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { SanitizedPluginConfig } from '../../src/types'

import { readEnv } from '../../src/env'
import { downloadImage } from '../../src/lib/imageDownload'
import { basic, serveCompatApi } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { pluginOptionsOf } from '../../src/pluginOptions'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * An event's `image` given by URL is downloaded into the media library, as the original does:
 * only for those who may upload files, and only from where WordPress's safe requests go (public
 * addresses on ports 80, 443 and 8080, the site's own host, and the hosts the site trusts in the
 * plugin's `imageHosts`), so that no caller can make the server reach into its own network.
 */
describe('images given by URL', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let author: TestUser
  let contributor: TestUser
  let images: http.Server
  let imagesUrl: string
  const asked: string[] = []
  let options: SanitizedPluginConfig

  const createEvent = async (user: TestUser, image: string) => {
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1/events`, {
      body: JSON.stringify({
        end_date: '2027-05-01 12:00:00',
        image,
        start_date: '2027-05-01 10:00:00',
        title: unique('Poster'),
      }),
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      method: 'POST',
    })
    return { body: (await response.json()) as Record<string, unknown>, status: response.status }
  }
  const mediaCount = async () => (await payload.count({ collection: 'media' })).totalDocs
  const invalidImage = {
    code: 'rest_invalid_param',
    message: 'Invalid parameter(s): image',
    data: { status: 400, params: { image: 'Invalid parameter.' }, details: [] },
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    author = await createUser(payload, 'author')
    contributor = await createUser(payload, 'contributor')
    options = pluginOptionsOf(payload)
    images = http.createServer((req, res) => {
      asked.push(req.url!)
      if (req.url === '/poster.png')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
      if (req.url === '/moved.png')
        return void res.writeHead(302, { location: '/poster.png' }).end()
      if (req.url === '/inside.png')
        return void res.writeHead(302, { location: 'http://10.0.0.1/poster.png' }).end()
      if (req.url === '/page.html')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>no</p>')
      if (req.url === '/endless.png') {
        // An image that never ends: refused once it is larger than the limit, not read whole first.
        res.writeHead(200, { 'content-type': 'image/png' })
        const chunk = Buffer.alloc(1024 * 1024)
        const write = () => {
          while (res.write(chunk));
        }
        res.on('drain', write)
        return write()
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
  })
  beforeEach(() => {
    asked.length = 0
    options.imageHosts = []
  })
  afterAll(async () => {
    options.imageHosts = []
    images.closeAllConnections()
    await new Promise((resolve) => images.close(resolve))
    await api.close()
  })

  it('downloads an image from a host the site trusts, following redirects, and links it', async () => {
    options.imageHosts = ['127.0.0.1']
    const before = await mediaCount()
    const created = await createEvent(author, `${imagesUrl}/moved.png`)
    expect(created.status).toBe(201)
    expect(created.body.image).toMatchObject({ extension: 'png', height: 1, width: 1 })
    expect(asked).toEqual(['/moved.png', '/poster.png'])
    expect(await mediaCount()).toBe(before + 1)
  })

  it('refuses an image by URL from a contributor, who may not upload files, without asking for it', async () => {
    options.imageHosts = ['127.0.0.1']
    const before = await mediaCount()
    const refused = await createEvent(contributor, `${imagesUrl}/poster.png`)
    expect(refused).toEqual({ body: invalidImage, status: 400 })
    expect(asked).toEqual([])
    expect(await mediaCount()).toBe(before)
  })

  it('never asks a private or loopback address the site does not trust, written as a name or as an address', async () => {
    const before = await mediaCount()
    for (const address of [
      `${imagesUrl}/poster.png`,
      `http://localhost:${(images.address() as AddressInfo).port}/poster.png`,
      'http://127.0.0.1/poster.png',
      'http://[::ffff:127.0.0.1]/poster.png',
      'http://0x7f000001/poster.png',
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
    ]) {
      expect(await createEvent(author, address), address).toEqual({
        body: invalidImage,
        status: 400,
      })
    }
    expect(asked).toEqual([])
    expect(await mediaCount()).toBe(before)
  })

  it('refuses a redirect into the private network, a page that is not an image, and an image without end', async () => {
    options.imageHosts = ['127.0.0.1']
    const before = await mediaCount()
    for (const path of ['/inside.png', '/page.html', '/endless.png', '/missing.png']) {
      expect(await createEvent(author, `${imagesUrl}${path}`), path).toEqual({
        body: invalidImage,
        status: 400,
      })
    }
    expect(await mediaCount()).toBe(before)
  })

  it('checks the address a name resolves to, before the port', async () => {
    // `localhost` is a name: what it resolves to is checked (and again when the connection is made).
    await expect(
      downloadImage(`http://localhost:${(images.address() as AddressInfo).port}/poster.png`, {
        maxBytes: 1024,
        timeoutMs: 5000,
      }),
    ).rejects.toThrow(/private or internal address/)
    await expect(
      downloadImage('http://localhost/poster.png', { maxBytes: 1024, timeoutMs: 5000 }),
    ).rejects.toThrow(/private or internal address/)
    expect(asked).toEqual([])
    const file = await downloadImage(
      `http://localhost:${(images.address() as AddressInfo).port}/poster.png`,
      { maxBytes: 1024, timeoutMs: 5000, trustedHosts: ['localhost'] },
    )
    expect(file).toMatchObject({ mimetype: 'image/png', name: 'poster.png', size: PNG.length })
  })

  it("never asks the site's own host on a private address, in any notation, on any port, unless the site trusts it", async () => {
    const port = (images.address() as AddressInfo).port
    const own = { maxBytes: 1024, siteUrl: `http://127.0.0.1:${port}`, timeoutMs: 5000 }
    // 0x7f.1, 2130706433 and 127.1 are 127.0.0.1 written otherwise; ::ffff:7f00:1 the same in IPv6.
    for (const host of [
      '127.0.0.1',
      '0x7f.1',
      '2130706433',
      '127.1',
      '[::ffff:7f00:1]',
      'localhost',
    ]) {
      for (const at of [port, 80, 443, 8080, 9]) {
        const started = performance.now()
        await expect(
          downloadImage(`http://${host}:${at}/poster.png`, own),
          `${host}:${at}`,
        ).rejects.toThrow(/is a private or internal address$/)
        // Refused before any connection, after the same look-up whatever the port: no timing tells which ports answer.
        expect(performance.now() - started, `${host}:${at}`).toBeLessThan(200)
      }
    }
    expect(asked).toEqual([])
    // Listed in IMAGE_HOSTS, it is asked.
    expect(
      await downloadImage(`http://127.0.0.1:${port}/poster.png`, {
        ...own,
        trustedHosts: ['127.0.0.1'],
      }),
    ).toMatchObject({ size: PNG.length })
  })

  it('reads the trusted hosts of the app from IMAGE_HOSTS', () => {
    const env = (values: Record<string, string>) => readEnv(values as NodeJS.ProcessEnv)
    expect(env({ IMAGE_HOSTS: 'images.intranet, 10.0.0.2,[fd00::1]' }).imageHosts).toEqual([
      'images.intranet',
      '10.0.0.2',
      '[fd00::1]',
    ])
    expect(env({}).imageHosts).toEqual([])
    expect(() => env({ IMAGE_HOSTS: 'http://images.intranet:8080' })).toThrow(/IMAGE_HOSTS/)
  })
})
