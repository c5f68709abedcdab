// Sample gateway answers in every shape the reference documents (our example values), for tests here and elsewhere.

export const SAMPLE_TOKEN = 'Wb7kQ2mZp9XcV4nL8rT1yH6sD3fG0jKaBcEeUuIiOoPqRsTvWxYz12345678abcd'
export const SAMPLE_SECRET = 'tgw6gVhz'

export const deviceInfo = {
  current: {
    status: true,
    message: 'success',
    data: {
      name: 'Toko Sinar',
      serial: 'A5DOYJ',
      sender: '6281234567890',
      quota: 94,
      expired_date: '2026-12-31',
      active: true,
      status: 'connected'
    }
  },
  currentWithNote: {
    status: true,
    data: {
      name: 'Toko Sinar',
      serial: 'A5DOYJ',
      sender: '081234567890',
      quota: 'unlimited',
      expired_date: '2026-12-31 23:59:59',
      active: 'false',
      status: 'disconnected',
      note: 'whatsapp sender not connected, need scan qr code again'
    }
  },
  /** The legacy shape echoes the token: it must never leave the parser. */
  legacy: {
    status: true,
    message: 'success',
    data: {
      token: SAMPLE_TOKEN,
      domain: 'https://solo.wablas.com',
      sender: 6281234567890,
      whatsapp: { quota: '120', expired: '2026-06-30', status: 'online' }
    }
  }
}

export const device = {
  restart: { status: true, message: 'restart device A5DOYJ successfully' },
  reconnect: { status: true, message: 'device reconnect successfully', device_: '1234' },
  changeNumber: { status: true, message: 'number successfully changed' },
  changeWebhookUrl: { status: true, message: 'webhook url successfully changed' },
  changeTrackingUrl: { status: true, message: 'tracking url successfully changed' },
  disconnect: { status: true, message: 'your device A5DOYJ succesfully disconnected' },
  create: {
    status: true,
    message: 'create device & invoice successfully',
    data: {
      device_name: 'Toko Sinar',
      device: 'A5DOYJ',
      product: 'pro',
      numberInvoice: 'INV/2026/05/0001',
      periode: 'monthly',
      bank: { bankName: 'BCA', account_number: '1234567890', account_name: 'PT Wablas' },
      discount: 0,
      total: '150000',
      due_date: '2026-06-01'
    }
  },
  generateToken: {
    status: true,
    message: 'token successfully changed',
    data: { device_name: 'Toko Sinar', device_serial: 'A5DOYJ', token: 'NewTok3nNewTok3nNewTok3n' }
  }
}

const textItem = (id: string, phone: string | number, refId?: string | null) => ({
  id,
  phone,
  message: 'hello',
  status: 'pending',
  ...(refId === undefined ? {} : { ref_id: refId })
})

export const send = {
  single: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: {
      device_id: 'A5DOYJ',
      quota: 94,
      messages: [textItem('5be46e84-650c-4ba1-a1a6-5647d358c43a', '6281234567890', 'ref-1')]
    }
  },
  /** The plain text sample: no device_id or quota, no ref_id. */
  plain: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: { messages: [textItem('11111111-650c-4ba1-a1a6-5647d358c43a', '6281234567890')] }
  },
  /** A logged response with `phone` as a JSON number. */
  numericPhone: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: {
      device_id: 'A5DOYJ',
      quota: '93',
      messages: [textItem('22222222-650c-4ba1-a1a6-5647d358c43a', 6281335614467)]
    }
  },
  /** The "multiple devices" sample of the text section: singular `message` key holding the list. */
  singularKey: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: {
      device_id: 'A5DOYJ',
      quota: 'unlimited',
      message: [
        textItem('33333333-650c-4ba1-a1a6-5647d358c43a', '6281234567890', null),
        textItem('44444444-650c-4ba1-a1a6-5647d358c43a', '6281398765432', null)
      ]
    }
  },
  /** random=true: `data` is an array of devices, each with `messages` as a list. */
  multiDevice: {
    status: true,
    message: 'Messages processed successfully',
    data: [
      {
        device_id: 'A5DOYJ',
        quota: 90,
        messages: [textItem('55555555-650c-4ba1-a1a6-5647d358c43a', '6281234567890')]
      },
      {
        device_id: 'B7XKQ2',
        quota: 40,
        messages: [textItem('66666666-650c-4ba1-a1a6-5647d358c43a', '6281398765432')]
      }
    ]
  },
  /** The docs' other spelling: per device `message` (singular) as one object. */
  multiDeviceSingularObject: {
    status: true,
    message: 'Messages processed successfully',
    data: [
      {
        device_id: 'A5DOYJ',
        quota: 89,
        message: textItem('77777777-650c-4ba1-a1a6-5647d358c43a', '6281234567890')
      }
    ]
  },
  image: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: {
      device_id: 'A5DOYJ',
      quota: 88,
      messages: [
        {
          id: '88888888-650c-4ba1-a1a6-5647d358c43a',
          phone: '6281234567890',
          message: null,
          caption: 'promo',
          image: '1716171234.jpg',
          status: 'pending'
        }
      ]
    }
  },
  audio: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: {
      device_id: 'A5DOYJ',
      quota: 87,
      messages: [
        {
          id: '99999999-650c-4ba1-a1a6-5647d358c43a',
          phone: '6281234567890',
          message: null,
          caption: 'audio',
          audio: '1716171234.mp3',
          status: 'pending',
          ref_id: 'ref-9'
        }
      ]
    }
  },
  group: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: {
      device_id: 'A5DOYJ',
      quota: 86,
      messages: [
        {
          id: 'aaaaaaaa-650c-4ba1-a1a6-5647d358c43a',
          phone: '120363210179095768',
          message: 'hi',
          status: 'pending'
        }
      ]
    }
  }
}

export const schedule = {
  v1Create: {
    status: true,
    category: 'text',
    message: 'Scheduled Messages is succesfully saved and waiting to be processed',
    'phones list': ['081234567890', '081398765432'],
    messages: [
      {
        id: 'sch-1',
        phone: '6281234567890',
        message: 'see you',
        status: true,
        timezone: 'Asia/Jakarta',
        schedule_at: '2026-05-31 08:30:00'
      },
      {
        id: 'sch-2',
        phone: '6281398765432',
        message: 'see you',
        status: true,
        timezone: 'Asia/Jakarta',
        schedule_at: '2026-05-31 08:30:00'
      }
    ]
  },
  v1Update: {
    status: true,
    id: 'sch-1',
    category: 'text',
    message: 'Scheduled Messages is succesfully updated',
    timezone: 'Asia/Jakarta',
    schedule_at: '2026-06-01 09:00:00',
    device: { serial: 'A5DOYJ', name: 'Toko Sinar' },
    'phones list': ['081234567890'],
    messages: 'see you later'
  },
  cancel: { status: true, message: 'schedule canceled successfully' },
  delete: { status: true, message: 'schedule deleted successfully' },
  v2Create: {
    status: true,
    message: 'Message is pending and waiting to be processed',
    data: {
      messages: [
        {
          id: 'v2s-1',
          phone: '6281234567890',
          messages: 'see you',
          file: null,
          timezone: 'Asia/Jakarta',
          schedule_at: '2026-05-31 08:30:00'
        }
      ]
    }
  },
  v2Update: {
    status: true,
    id: 'v2s-1',
    category: 'image',
    message: 'Scheduled Messages is succesfully Updated',
    timezone: 'Asia/Jakarta',
    schedule_at: '2026-06-01 09:00:00',
    phone: '6281234567890',
    messages: 'new caption',
    file: 'https://example.com/a.jpg'
  },
  v2Delete: { status: true, message: 'schedules deleted successfully' }
}

export const report = {
  message: {
    status: true,
    totalData: 2,
    perPage: 10,
    page: 1,
    totalPage: 1,
    message: [
      {
        id: '5be46e84-650c-4ba1-a1a6-5647d358c43a',
        phone: { from: '6281200000000', to: '6281234567890' },
        category: 'text',
        text: 'hello',
        URL_file: null,
        status: 'read',
        type: 'agent',
        ref_id: 'ref-1',
        date: { created_at: '2026-05-31 08:30:00', updated_at: '2026-05-31 08:31:10' }
      },
      {
        id: '6be46e84-650c-4ba1-a1a6-5647d358c43a',
        phone: { from: 6281200000000, to: 6281398765432 },
        category: 'image',
        text: null,
        URL_file: 'https://solo.wablas.com/image/x.jpg',
        status: 'sent',
        type: 'agent',
        ref_id: null,
        date: { created_at: '2026-05-31 08:32:00', updated_at: '2026-05-31 08:32:05' }
      }
    ]
  },
  /** As sent: two `message` keys (text first, list last) and totals as strings. Kept as raw text on purpose. */
  realtimeText:
    '{"status":true,"message":"success, report only today","device_id":"A5DOYJ","page":1,"totalPage":"1","totalData":"1",' +
    '"message":[{"id":"5be46e84-650c-4ba1-a1a6-5647d358c43a","phone":{"from":"6281200000000","to":"6281234567890"},' +
    '"message":"hello","file":null,"status":"delivered","category":"text","type":"agent",' +
    '"date":{"created_at":"2026-05-31 08:30:00","updated_at":"2026-05-31 08:30:09"}}]}',
  /** The same with the duplicate keys the other way round: the list must still win. */
  realtimeTextListFirst:
    '{"status":true,"message":[{"id":"5be46e84-650c-4ba1-a1a6-5647d358c43a","phone":{"from":"6281200000000","to":"6281234567890"},' +
    '"message":"hello","file":null,"status":"delivered","category":"text","type":"agent",' +
    '"date":{"created_at":"2026-05-31 08:30:00","updated_at":"2026-05-31 08:30:09"}}],' +
    '"device_id":"A5DOYJ","page":1,"totalPage":"1","totalData":"1","message":"success, report only today"}'
}

/** Message-management answers (§4.6): revoke, cancel, cancel-all and resend, as documented and as seen. */
export const MANAGED_IDS = [
  '5be46e84-650c-4ba1-a1a6-5647d358c43a',
  '6be46e84-650c-4ba1-a1a6-5647d358c43a',
  '7be46e84-650c-4ba1-a1a6-5647d358c43a'
] as const
const [ID_A, ID_B, ID_C] = MANAGED_IDS

export const manage = {
  revoke: {
    status: true,
    message: 'Message is being deleted and waiting to be processed',
    data: {
      messages: [
        { id: ID_A, phone: 6281234567890, message: 'wrong amount', status: 'revoke' },
        { id: ID_B, phone: '6281398765432', message: 'wrong amount', status: 'revoke' }
      ]
    }
  },
  /** The reference's two item forms in one answer: a cancelled message, and the refusal item that names no id. */
  cancelMixed: {
    status: true,
    message: 'Message is canceled and waiting to be processed',
    data: {
      messages: [
        { id: ID_A, phone: '6281234567890', message: 'wait', status: 'cancel' },
        { message: 'Id Invalid or message is not pending anymore', status: false }
      ]
    }
  },
  /** The sandbox's refusal item also names its id; here the items come in another order than the ids. */
  cancelNamedRefusal: {
    status: true,
    message: 'Message is canceled and waiting to be processed',
    data: {
      messages: [
        { id: ID_B, message: 'Id Invalid or message is not pending anymore', status: false },
        { id: ID_A, phone: '6281234567890', message: 'wait', status: 'cancel' }
      ]
    }
  },
  resend: {
    status: true,
    message: 'Resend Message is pending and waiting to be processed',
    data: {
      device_id: 'A5DOYJ',
      quota: 93,
      messages: [{ id: ID_C, phone: '6281234567890', message: 'again', status: 'pending', ref_id: '' }]
    }
  },
  cancelAll: {
    status: true,
    message: 'Cancel 2 pending messages',
    data: { messages: [{ id: ID_A }, { id: ID_B }] }
  },
  cancelAllNone: { status: true, message: 'Cancel 0 pending messages', data: { messages: [] } }
}

/** `{status:false, message}` texts from the reference's catalogue, with the code each must map to. */
export const refusals = [
  ['token invalid or device expired', 'token_invalid'],
  ['token invalid', 'token_invalid'],
  ['not authorized', 'token_invalid'],
  ['device not found', 'device_not_found'],
  ['need secret key', 'secret_invalid'],
  ['secret key invalid', 'secret_invalid'],
  ['whatsapp sender not connected, need scan qr code again', 'device_not_connected'],
  ['device not connected', 'device_not_connected'],
  ['your quota is not enough', 'quota_exceeded'],
  ['file too large', 'file_too_large'],
  ['maximum file size is 2 MB', 'file_too_large'],
  ['file type not allowed', 'file_type'],
  ['your package does not support this feature', 'file_type'],
  ['param invalid', 'rejected'],
  ['Id Invalid or message is not pending anymore', 'rejected']
] as const
