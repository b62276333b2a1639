// A petstore-like OpenAPI 3 spec that the bench server serves and answers, so Swagger UI's
// "Try it out" runs against 127.0.0.1 with no network.
const pet = {
  type: 'object', required: ['name'],
  properties: { id: { type: 'integer', example: 7 }, name: { type: 'string', example: 'Rex' }, status: { type: 'string', enum: ['available', 'pending', 'sold'] }, tags: { type: 'array', items: { type: 'string' } } },
};
const order = { type: 'object', properties: { id: { type: 'integer' }, petId: { type: 'integer' }, quantity: { type: 'integer' }, status: { type: 'string', enum: ['placed', 'approved', 'delivered'] } } };
const user = { type: 'object', properties: { id: { type: 'integer' }, username: { type: 'string' }, email: { type: 'string' } } };
const json = schema => ({ content: { 'application/json': { schema } } });
const ok = (description, schema) => ({ 200: { description, ...(schema ? json(schema) : {}) } });
const idParam = (name, description) => ({ name, in: 'path', required: true, description, schema: { type: 'integer' } });

export const openapi = {
  openapi: '3.0.3',
  info: { title: 'Petstore', version: '1.0.0', description: 'A sample pet store API served by the task bench.' },
  servers: [{ url: '/api' }],
  tags: [{ name: 'pet', description: 'Everything about your pets' }, { name: 'store', description: 'Access to orders' }, { name: 'user', description: 'Operations about users' }],
  paths: {
    '/pet': {
      post: { tags: ['pet'], summary: 'Add a new pet', operationId: 'addPet', requestBody: { required: true, ...json(pet) }, responses: ok('Created', pet) },
      put: { tags: ['pet'], summary: 'Update an existing pet', operationId: 'updatePet', requestBody: { required: true, ...json(pet) }, responses: ok('Updated', pet) },
    },
    '/pet/findByStatus': {
      get: { tags: ['pet'], summary: 'Find pets by status', operationId: 'findPetsByStatus',
        parameters: [{ name: 'status', in: 'query', required: true, schema: { type: 'string', enum: ['available', 'pending', 'sold'] } }],
        responses: ok('Pets', { type: 'array', items: pet }) },
    },
    '/pet/findByTags': {
      get: { tags: ['pet'], summary: 'Finds pets by tags', operationId: 'findPetsByTags',
        parameters: [{ name: 'tags', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } } }],
        responses: ok('Pets', { type: 'array', items: pet }) },
    },
    '/pet/{petId}': {
      get: { tags: ['pet'], summary: 'Find pet by ID', operationId: 'getPetById', parameters: [idParam('petId', 'ID of the pet to return')], responses: { ...ok('The pet', pet), 404: { description: 'Pet not found' } } },
      post: { tags: ['pet'], summary: 'Updates a pet in the store with form data', operationId: 'updatePetWithForm',
        parameters: [idParam('petId', 'ID of the pet to update'), { name: 'name', in: 'query', schema: { type: 'string' } }, { name: 'status', in: 'query', schema: { type: 'string' } }], responses: ok('Updated') },
      delete: { tags: ['pet'], summary: 'Delete a pet', operationId: 'deletePet', parameters: [idParam('petId', 'Pet id to delete')], responses: ok('Deleted') },
    },
    '/pet/{petId}/uploadImage': {
      post: { tags: ['pet'], summary: 'Uploads an image', operationId: 'uploadFile', parameters: [idParam('petId', 'ID of the pet to update'), { name: 'additionalMetadata', in: 'query', schema: { type: 'string' } }],
        requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, responses: ok('Uploaded') },
    },
    '/store/inventory': { get: { tags: ['store'], summary: 'Returns pet inventories by status', operationId: 'getInventory', responses: ok('Counts', { type: 'object', additionalProperties: { type: 'integer' } }) } },
    '/store/order': { post: { tags: ['store'], summary: 'Place an order for a pet', operationId: 'placeOrder', requestBody: json(order), responses: ok('Placed', order) } },
    '/store/order/{orderId}': {
      get: { tags: ['store'], summary: 'Find purchase order by ID', operationId: 'getOrderById', parameters: [idParam('orderId', 'ID of the order')], responses: ok('The order', order) },
      delete: { tags: ['store'], summary: 'Delete purchase order by ID', operationId: 'deleteOrder', parameters: [idParam('orderId', 'ID of the order')], responses: ok('Deleted') },
    },
    '/user': { post: { tags: ['user'], summary: 'Create user', operationId: 'createUser', requestBody: json(user), responses: ok('Created', user) } },
    '/user/createWithList': { post: { tags: ['user'], summary: 'Creates list of users with given input array', operationId: 'createUsersWithListInput', requestBody: json({ type: 'array', items: user }), responses: ok('Created', user) } },
    '/user/login': { get: { tags: ['user'], summary: 'Logs user into the system', operationId: 'loginUser',
      parameters: [{ name: 'username', in: 'query', schema: { type: 'string' } }, { name: 'password', in: 'query', schema: { type: 'string' } }], responses: ok('Session token', { type: 'string' }) } },
    '/user/logout': { get: { tags: ['user'], summary: 'Logs out current logged in user session', operationId: 'logoutUser', responses: ok('Logged out') } },
    '/user/{username}': {
      get: { tags: ['user'], summary: 'Get user by user name', operationId: 'getUserByName', parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }], responses: ok('The user', user) },
      put: { tags: ['user'], summary: 'Update user', operationId: 'updateUser', parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }], requestBody: json(user), responses: ok('Updated') },
      delete: { tags: ['user'], summary: 'Delete user', operationId: 'deleteUser', parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }], responses: ok('Deleted') },
    },
  },
};

/** The API's answer to a request under /api (everything but the spec), as JSON. */
export function apiAnswer(method, path) {
  const petId = /^\/api\/pet\/(\d+)$/.exec(path)?.[1];
  if (petId && method === 'GET') return { status: 200, body: { id: Number(petId), name: `Pet ${petId}`, status: 'available', tags: ['friendly'] } };
  if (path === '/api/store/inventory') return { status: 200, body: { available: 12, pending: 3, sold: 40 } };
  return { status: 200, body: { ok: true } };
}
