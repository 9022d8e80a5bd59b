import {
  documentResponses,
  headerRef,
  idParam,
  jsonBody,
  jsonResponse,
  operation,
  problemResponse,
  type Json,
} from './fragments.js';

export const taskPaths: Record<string, Json> = {
  '/images/tasks': {
    post: operation('Images', 'submitImageTask', 'Submit an image rendering task', {
      requestBody: jsonBody('ImageTaskInput', { name: 'logo', width: 640, height: 480 }),
      responses: {
        202: jsonResponse('Accepted; poll the task at Location', 'ImageTask', {
          headers: { Location: headerRef('Location') },
        }),
        400: problemResponse('Body violates the schema'),
      },
    }),
  },
  '/images/tasks/{taskId}': {
    parameters: [idParam('taskId', 2147483647, 'Task number')],
    get: operation('Images', 'getImageTask', 'Get the status of an image task', {
      responses: {
        200: jsonResponse('Still processing (with pollAfter), or failed (with completed and problem)', 'ImageTask'),
        303: jsonResponse('Done: Location is the image', 'ImageTask', { headers: { Location: headerRef('Location') } }),
        400: problemResponse('Malformed taskId'),
        404: problemResponse(
          'No such task, or it expired: tasks are kept 10 minutes after they complete, at most the newest 10,000',
        ),
      },
    }),
  },
  '/images/{imageId}': {
    parameters: [idParam('imageId', 2147483647, 'Image number')],
    get: operation('Images', 'getImage', 'Get a rendered image', {
      responses: documentResponses(
        'The image',
        'Image',
        'Malformed imageId',
        'No such image, or it expired (10 minutes after its task was seen done)',
      ),
    }),
  },
};
