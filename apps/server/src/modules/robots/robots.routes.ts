import {
  createRobotRequest,
  moveRobotPageQuery,
  moveRobotsRequest,
  moveRobotsResponse,
  robotIdRequest,
  robotKeyResponse,
  robotPage,
  robotPageQuery,
  robotRow,
  updateRobotRequest,
} from '@patrol/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { ok, responses, SESSION_ERRORS } from '../../platform/envelope.js';
import type { RobotsService } from './robots.service.js';

const BASE = '/robot-server/robot';

export const robotsRoutes: FastifyPluginAsyncZod<{ robots: RobotsService }> = async (app, { robots }) => {
  app.get(
    `${BASE}/page`,
    {
      schema: {
        operationId: 'pageRobots',
        summary: 'Robots of the tenant, with presence; search by name, serial or product ID',
        tags: ['robots'],
        querystring: robotPageQuery,
        response: responses(robotPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await robots.page(requireAuth(request), request.query)),
  );

  app.post(
    `${BASE}/create`,
    {
      schema: {
        operationId: 'createRobot',
        summary: 'Register a robot and make its Ed25519 key pair; the private key is in this answer only',
        tags: ['robots'],
        body: createRobotRequest,
        response: responses(robotKeyResponse, ...SESSION_ERRORS, 409),
      },
    },
    async (request) => ok(await robots.create(requireAuth(request), request.body)),
  );

  app.post(
    `${BASE}/update`,
    {
      schema: {
        operationId: 'updateRobot',
        summary: "Edit a robot's product ID and name (the serial number is its identity and stays)",
        tags: ['robots'],
        body: updateRobotRequest,
        response: responses(robotRow, ...SESSION_ERRORS, 404),
      },
    },
    async (request) => ok(await robots.update(requireAuth(request), request.body)),
  );

  app.post(
    `${BASE}/rotateKey`,
    {
      schema: {
        operationId: 'rotateRobotKey',
        summary: 'Make a new key pair for a robot; the old key stops working at its next connect',
        tags: ['robots'],
        body: robotIdRequest,
        response: responses(robotKeyResponse, ...SESSION_ERRORS, 404),
      },
    },
    async (request) => ok(await robots.rotateKey(requireAuth(request), request.body.robotId)),
  );

  app.get(
    `${BASE}/move/page`,
    {
      config: { access: 'platform' },
      schema: {
        operationId: 'pageRobotsToMove',
        summary: 'Robots of any tenant, to choose which to move (platform administrators)',
        tags: ['robots'],
        querystring: moveRobotPageQuery,
        response: responses(robotPage, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await robots.pageOfTenant(request.query)),
  );

  app.post(
    `${BASE}/move`,
    {
      config: { access: 'platform' },
      schema: {
        operationId: 'moveRobots',
        summary: 'Move robots to another tenant; their records stay with the tenant that recorded them',
        tags: ['robots'],
        body: moveRobotsRequest,
        response: responses(moveRobotsResponse, ...SESSION_ERRORS),
      },
    },
    async (request) => ok(await robots.move(request.body)),
  );

  app.post(
    `${BASE}/delete`,
    {
      schema: {
        operationId: 'deleteRobot',
        summary: 'Delete a robot; its records stay',
        tags: ['robots'],
        body: robotIdRequest,
        response: responses(z.null(), ...SESSION_ERRORS, 404),
      },
    },
    async (request) => {
      await robots.remove(requireAuth(request), request.body.robotId);
      return ok(null);
    },
  );
};
