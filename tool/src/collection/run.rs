//! The runner: inputs cut into units of work (batches of whole games,
//! groups of small files, records in other formats), the units read on
//! worker threads, the results handed back in input order.
//!
//! One thread finds the inputs and cuts each into batches ([`Batches`]),
//! with gzip inflated ahead of it on a thread of its own; worker threads
//! read the units, any unit of any input; the calling thread takes the
//! results in input order, and cuts an input a worker gave back (a file
//! read unsized that did not fit, a small `.gz` file or zip member that
//! did not inflate whole) into units that the workers run
//! ([`workers`]: a few units per worker in flight, so memory stays
//! bounded by them, whatever the size of the inputs). With one job
//! everything runs on the calling thread, in order. The results do not
//! depend on the number of jobs: pieces are cut by their bytes alone.

use std::cell::Cell;
use std::io;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;

use sgf_stream::formats::Format;
use sgf_stream::read::{Batch, Batches, Piece};
use sgf_stream::Position;

use super::piece::{self, Done};
use super::record::{self, format_of};
use super::sizing::Sizing;
use super::small::{
    gather, inflate_file, inflate_member, read_small, Again, Gathered, Group, Small, GZIP_RATIO,
};
use super::source::{self, Found, Input, Shared, Source, Told, WALKER_BUFFER};
use super::visit::{Job, Visit};
use super::workers::{self, steps, Helpers, Step, Unit};
use super::{Collection, Delivery, Totals};
use crate::inputs::{Container, Walker};

/// What a job's visitor gives back.
type Out<J> = <<J as Job>::Visitor as Visit>::Out;

/// A unit of small inputs reads files not sized up to this many batch
/// targets in all.
const UNIT_ROOM: u64 = 2;

/// The buffer a `.gz` file read again is read through.
const AGAIN_BUFFER: usize = 64 << 10;

pub(crate) fn run<J: Job>(
    collection: &Collection,
    sources: &[Source],
    job: &J,
    consume: &mut dyn FnMut(Delivery<Out<J>>) -> ControlFlow<()>,
) -> Totals {
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut stopped = false;
    let mut deliver = |delivery: Delivery<Out<J>>| {
        match &delivery {
            Delivery::Begin(_) => stopped = false,
            Delivery::Piece(_, _) if stopped => return ControlFlow::Continue(()),
            Delivery::Piece(_, done) => {
                totals.bytes += done.bytes;
                stopped = done.stopped;
            }
            Delivery::End(_, complete) => totals.files += u64::from(*complete),
            Delivery::Failed { .. } => totals.unreadable += 1,
        }
        let flow = consume(delivery);
        totals.broken |= flow.is_break();
        flow
    };
    let target = collection.target as u64;
    // Sizes tell small files from large ones before they are opened, for
    // the threads (a stream is read as it comes whatever its size).
    let sizing = match collection.jobs <= 1 || collection.streams_only() {
        true => Sizing::never(target),
        false => Sizing::until_small_run(target),
    };
    let units = Units {
        collection,
        job,
        sources,
        sizing: &sizing,
    };
    if collection.jobs <= 1 {
        units.each(&mut |unit| units.hand_on(unit.run(), None, &mut deliver));
    } else {
        let each = |unit: &mut dyn FnMut(_) -> _| units.each(unit);
        let hand_on = |steps, helpers: &_| units.hand_on(steps, Some(helpers), &mut deliver);
        workers::in_parallel(collection.jobs, &each, hand_on);
    }
    totals.elapsed = started.elapsed();
    totals
}

/// The units of work of a collection's sources.
struct Units<'s, J> {
    collection: &'s Collection,
    job: &'s J,
    sources: &'s [Source],
    sizing: &'s Sizing,
}

impl<'s, J: Job> Units<'s, J> {
    /// Calls `unit` with the units of every input, in order: small
    /// inputs in groups (up to [`GROUP_FILES`](super::small::GROUP_FILES)
    /// inputs or the batch target in bytes), each read whole by a worker
    /// (small files opened there, small streams such as `.gz` files read
    /// here first, bytes given in memory as they are); other inputs cut
    /// into batches here. Files
    /// found in folders are sized first as [`Sizing`] says: with one job
    /// none is, and each is a unit of its own, read whole if it ends
    /// within the batch target, else given back and cut into batches.
    fn each(&self, unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>) {
        let target = self.collection.target as u64;
        let mut group = Group::default();
        let on_read = |bytes| self.collection.count(bytes);
        let streams = self.collection.streams_only();
        let inline = self.collection.jobs <= 1;
        // Small `.gz` files and zip members are inflated by the reader
        // of their group.
        let inflate_elsewhere_to = match streams {
            true => 0,
            false => target / GZIP_RATIO,
        };
        let walker = Walker::new()
            .buffer_capacity(WALKER_BUFFER)
            .on_read(&on_read)
            .inflate_ahead(!inline)
            .inflate_elsewhere_to(inflate_elsewhere_to);
        source::visit(
            self.sources,
            &walker,
            self.collection.separator,
            self.sizing,
            &on_read,
            &mut |found| self.found(found, &mut group, unit),
        );
        let _ = self.flush(&mut group, unit);
    }

    /// Hands on the units of `found`: a small input added to `group`
    /// (which is handed on as a unit when full), another input cut into
    /// units after the group.
    fn found(
        &self,
        found: Found<'_>,
        group: &mut Group,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let target = self.collection.target as u64;
        let streams = self.collection.streams_only();
        match found {
            Found::File {
                input,
                size,
                told,
                file,
            } if size.map_or(true, |size| size <= target) && !streams => {
                let small = Small::File {
                    input,
                    told,
                    size,
                    file,
                };
                let bytes = size.unwrap_or_else(|| self.sizing.unsized_bytes());
                self.add(group, small, bytes, unit)
            }
            Found::Stream {
                input,
                reader,
                told,
                gathered: true,
            } if !streams => self.gathered(input, told, reader, group, unit),
            Found::Member {
                input,
                told,
                member,
            } if !streams => {
                let size = member.stored().len() as u64;
                let small = Small::Member {
                    input,
                    told,
                    member,
                };
                self.add(group, small, size, unit)
            }
            Found::Bytes { input, bytes } if bytes.len() as u64 <= target && !streams => {
                let size = bytes.len() as u64;
                let told = Told::Looked;
                self.add(group, Small::Read { input, told, bytes }, size, unit)
            }
            found => {
                self.flush(group, unit)?;
                self.units(found, unit)
            }
        }
    }

    /// Hands on the units of a stream that may be read whole: added to
    /// `group` when it ends within the batch target, else cut into units
    /// after the group.
    fn gathered(
        &self,
        input: Input,
        told: Told,
        reader: &mut dyn io::Read,
        group: &mut Group,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let target = self.collection.target as u64;
        match gather(reader, target) {
            Gathered::Whole(bytes) => {
                let size = bytes.len() as u64;
                let bytes = Bytes::from(bytes);
                self.add(group, Small::Read { input, told, bytes }, size, unit)
            }
            Gathered::Started(mut reader) => {
                self.flush(group, unit)?;
                let reader = &mut *reader;
                let gathered = false;
                self.units(
                    Found::Stream {
                        input,
                        reader,
                        told,
                        gathered,
                    },
                    unit,
                )
            }
        }
    }

    /// Adds `small`, of `size` bytes, to `group`, handed on as a unit
    /// when full.
    fn add(
        &self,
        group: &mut Group,
        small: Small,
        size: u64,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match group.add(small, size, self.collection.target as u64) {
            Some(full) => unit(self.small_inputs(full)),
            None => ControlFlow::Continue(()),
        }
    }

    /// Hands on the inputs gathered in `group`, if any, as a unit.
    fn flush(
        &self,
        group: &mut Group,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match group.take() {
            Some(inputs) => unit(self.small_inputs(inputs)),
            None => ControlFlow::Continue(()),
        }
    }

    /// Hands `steps` to `deliver` in order, an input given back read
    /// again in its place: cut here, its units run by `helpers` if there
    /// are, else here, in order.
    fn hand_on(
        &self,
        steps: Vec<Step<Out<J>>>,
        helpers: Option<&Helpers<'s, Out<J>>>,
        deliver: &mut dyn FnMut(Delivery<Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for step in steps {
            match step {
                Step::Deliver(delivery) => deliver(delivery)?,
                // Read as a stream, an input is not given back again.
                Step::Again(again) => {
                    let hand_on = &mut |steps| self.hand_on(steps, None, deliver);
                    match helpers {
                        Some(helpers) => helpers.run(|unit| self.again(again, unit), hand_on)?,
                        None => self.again(again, &mut |unit| hand_on(unit.run()))?,
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The units of a small `.gz` file or zip member given back by the
    /// unit that was to read it whole, read as the walker reads one:
    /// inflated as a stream, and read whole if it ends within the batch
    /// target, else cut into batches (so that its deliveries are the same
    /// whichever read it).
    fn again(
        &self,
        again: Again,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match again {
            Again::File(input, told, file) => match file.open() {
                Ok(opened) => {
                    let counted = Counting {
                        inner: opened,
                        collection: self.collection,
                    };
                    let buffered = io::BufReader::with_capacity(AGAIN_BUFFER, counted);
                    let reader = &mut flate2::bufread::MultiGzDecoder::new(buffered);
                    self.read_again(input, told, reader, unit)
                }
                Err(err) => unit(Unit::Ready(vec![failed(&input, &err)])),
            },
            Again::Member(input, told, member) => {
                self.read_again(input, told, &mut member.reader(), unit)
            }
            Again::Large(input, told, file) => {
                let size = None;
                let found = Found::File {
                    input,
                    size,
                    told,
                    file,
                };
                self.units(found, unit)
            }
        }
    }

    /// The units of a stream read again ([`again`](Self::again)).
    fn read_again(
        &self,
        input: Input,
        told: Told,
        reader: &mut dyn io::Read,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut group = Group::default();
        let found = Found::Stream {
            input,
            reader,
            told,
            gathered: true,
        };
        self.found(found, &mut group, unit)?;
        self.flush(&mut group, unit)
    }

    /// The unit that reads `inputs`, small inputs, one after another:
    /// files opened and read whole, bytes read before. A file not sized
    /// is read whole if it ends within the batch target and within what
    /// the unit has left of [`UNIT_ROOM`] targets, else given back.
    fn small_inputs(&self, inputs: Vec<Small>) -> Unit<'s, Out<J>> {
        let (collection, job, sizing) = (self.collection, self.job, self.sizing);
        Unit::Work(Box::new(move || {
            let target = collection.target as u64;
            let room = Cell::new(UNIT_ROOM.saturating_mul(target));
            let mut out = Vec::with_capacity(3 * inputs.len());
            let read = |out: &mut Vec<_>, input, told, bytes: Vec<u8>| {
                room.set(room.get().saturating_sub(bytes.len() as u64));
                let deliveries = whole(collection, job, input, told, bytes);
                out.extend(deliveries.into_iter().map(Step::Deliver));
            };
            for small in inputs {
                match small {
                    Small::File {
                        input,
                        told,
                        size,
                        file,
                    } if file.container() == Container::Gz => {
                        match inflate_file(collection, &file, size) {
                            Some(bytes) => read(&mut out, input, told, bytes),
                            None => out.push(Step::Again(Again::File(input, told, file))),
                        }
                    }
                    Small::Member {
                        input,
                        told,
                        member,
                    } => match inflate_member(collection, &member) {
                        Some(bytes) => read(&mut out, input, told, bytes),
                        None => out.push(Step::Again(Again::Member(input, told, member))),
                    },
                    Small::File {
                        input,
                        told,
                        size,
                        file,
                    } => match read_small(collection, &file, size, target.min(room.get())) {
                        Ok(Some(bytes)) => read(&mut out, input, told, bytes),
                        Ok(None) => {
                            sizing.missed();
                            out.push(Step::Again(Again::Large(input, told, file)));
                        }
                        Err(err) => out.push(Step::Deliver(failed(&input, &err))),
                    },
                    Small::Read { input, told, bytes } => {
                        // A copy only of bytes shared with the caller.
                        read(&mut out, input, told, Vec::from(bytes));
                    }
                }
            }
            out
        }))
    }

    /// Turns one input that is not a small one into units: cut into
    /// batches here, the rest of an input that cannot be cut read here as
    /// a stream.
    fn units(
        &self,
        found: Found<'_>,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match found {
            Found::Failed { name, error } => {
                unit(Unit::Ready(vec![Delivery::Failed { name, error }]))
            }
            // A `.gz` file or zip member left to inflate: read as a stream.
            Found::File {
                input, told, file, ..
            } if file.container() == Container::Gz => {
                self.again(Again::File(input, told, file), unit)
            }
            Found::Member {
                input,
                told,
                member,
            } => self.again(Again::Member(input, told, member), unit),
            Found::File {
                input, told, file, ..
            } => match file.open() {
                Ok(file) => {
                    let counted = Counting {
                        inner: file,
                        collection: self.collection,
                    };
                    match told {
                        Told::Sgf => self.pieces(Arc::new(input), counted, unit),
                        Told::Looked => self.looked(input, counted, unit),
                    }
                }
                Err(err) => unit(Unit::Ready(vec![failed(&input, &err)])),
            },
            Found::Stream {
                input,
                reader,
                told,
                ..
            } => match told {
                Told::Sgf => self.pieces(Arc::new(input), reader, unit),
                Told::Looked => self.looked(input, reader, unit),
            },
            Found::Bytes { mut input, bytes } => match format_of(&input, &bytes) {
                Format::Sgf => self.pieces(Arc::new(input), &bytes[..], unit),
                format => {
                    input.format = format;
                    self.record(input, bytes.to_vec(), unit)
                }
            },
        }
    }

    /// The units of an input read from `reader` whose format its first
    /// bytes tell: SGF cut into batches, a record read whole.
    fn looked(
        &self,
        mut input: Input,
        mut reader: impl io::Read,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let head = match record::read_head(&mut reader) {
            Ok(head) => head,
            Err(err) => return unit(Unit::Ready(vec![failed(&input, &err)])),
        };
        input.format = format_of(&input, &head);
        if input.format == Format::Sgf {
            let reader = io::Read::chain(io::Cursor::new(head), reader);
            return self.pieces(Arc::new(input), reader, unit);
        }
        match record::read_record_bytes(head, reader) {
            Ok(bytes) => self.record(input, bytes, unit),
            Err(err) => unit(Unit::Ready(vec![failed(&input, &err)])),
        }
    }

    /// The unit that reads `bytes`, a whole record in `input.format`.
    fn record(
        &self,
        input: Input,
        bytes: Vec<u8>,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (collection, job) = (self.collection, self.job);
        unit(Unit::Work(Box::new(move || {
            steps(whole(collection, job, input, Told::Looked, bytes))
        })))
    }

    /// The units of an input read from `reader`: its batches, then the
    /// rest read as a stream if it cannot be cut.
    fn pieces(
        &self,
        input: Shared,
        reader: impl io::Read,
        unit: &mut dyn FnMut(Unit<'s, Out<J>>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (collection, job) = (self.collection, self.job);
        unit(Unit::Ready(vec![Delivery::Begin(input.clone())]))?;
        if collection.streams_only() {
            let mut flow = ControlFlow::Continue(());
            let (policy, options) = (collection.policy, collection.reader);
            let start = Position::locate(b"", 0);
            let read = piece::read_stream(job, reader, start, policy, options, &mut |done| {
                flow = unit(Unit::Ready(vec![Delivery::Piece(input.clone(), done)]));
                flow
            });
            flow?;
            if let Err(error) = &read {
                let name = input.name.clone();
                let error = error.clone();
                unit(Unit::Ready(vec![Delivery::Failed { name, error }]))?;
            }
            return unit(Unit::Ready(vec![Delivery::End(input, read.is_ok())]));
        }
        let mut complete = true;
        let batches = Batches::new(reader)
            .target(collection.target)
            .max(collection.max);
        for piece in batches {
            match piece {
                Ok(Piece::Batch(batch)) => {
                    let input = input.clone();
                    unit(Unit::Work(Box::new(move || {
                        let done = read_batch(collection, job, &batch);
                        vec![Step::Deliver(Delivery::Piece(input, done))]
                    })))?;
                }
                Ok(Piece::Rest(rest)) => {
                    let mut flow = ControlFlow::Continue(());
                    let (policy, options) = (collection.policy, collection.reader);
                    let read = piece::read_rest(job, rest, policy, options, &mut |done| {
                        flow = unit(Unit::Ready(vec![Delivery::Piece(input.clone(), done)]));
                        flow
                    });
                    flow?;
                    if let Err(error) = read {
                        complete = false;
                        let name = input.name.clone();
                        unit(Unit::Ready(vec![Delivery::Failed { name, error }]))?;
                    }
                }
                Err(err) => {
                    complete = false;
                    unit(Unit::Ready(vec![failed(&input, &err)]))?;
                }
            }
        }
        unit(Unit::Ready(vec![Delivery::End(input, complete)]))
    }
}

fn read_batch<J: Job>(collection: &Collection, job: &J, batch: &Batch) -> Done<Out<J>> {
    piece::read_batch(job, batch, collection.policy, collection.reader)
}

/// The deliveries of an input read whole: SGF as one batch, a record
/// converted (its format told by its first bytes when `told` says so).
fn whole<J: Job>(
    collection: &Collection,
    job: &J,
    mut input: Input,
    told: Told,
    bytes: Vec<u8>,
) -> Vec<Delivery<Out<J>>> {
    if told == Told::Looked && input.format == Format::Sgf {
        input.format = format_of(&input, &bytes);
    }
    let done = match input.format {
        Format::Sgf => read_batch(collection, job, &Batch::whole(bytes)),
        format => {
            let (policy, options) = (collection.policy, collection.reader);
            record::read_record(job, format, &bytes, policy, options)
        }
    };
    let input = Arc::new(input);
    vec![
        Delivery::Begin(input.clone()),
        Delivery::Piece(input.clone(), done),
        Delivery::End(input, true),
    ]
}

fn failed<O>(input: &Input, err: &dyn std::fmt::Display) -> Delivery<O> {
    Delivery::Failed {
        name: input.name.clone(),
        error: err.to_string(),
    }
}

/// A reader whose bytes are counted by the collection.
struct Counting<'a, R> {
    inner: R,
    collection: &'a Collection,
}

impl<R: io::Read> io::Read for Counting<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.collection.count(read as u64);
        Ok(read)
    }
}
