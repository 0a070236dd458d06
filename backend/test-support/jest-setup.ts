import 'reflect-metadata';
// Tests log nothing unless asked: pino output would drown jest's.
process.env.LOG_LEVEL ??= 'silent';
