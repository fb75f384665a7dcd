//! The public entry point: a compiled generation problem that can be counted or enumerated.

use crate::compile::{compile, Compiled};
use crate::error::GenError;
use crate::finitization::Finitization;
use crate::layout::Layout;
use crate::output::build;
use crate::search::{Search, Sink, Stats};
use crate::state::State;
use sattar_heap::{Schema, TestInput};
use sattar_spec::ResolvedMethod;
use std::ops::ControlFlow;

/// Every non-isomorphic input of a method that satisfies its invariant and precondition within a
/// finitization. Build once, then [`count`](Generator::count), [`inputs`](Generator::inputs)
/// or [`for_each`](Generator::for_each); each call runs the search afresh.
#[derive(Clone, Debug)]
pub struct Generator {
    lay: Layout,
    compiled: Compiled,
    all_fields: bool,
    budget: Option<u64>,
}

impl Generator {
    /// Checks `fin` against the schema and method and compiles the invariants and preconditions
    /// of `rm` (its `ensures` are ignored).
    pub fn new(
        schema: &Schema,
        rm: &ResolvedMethod,
        fin: &Finitization,
    ) -> Result<Generator, GenError> {
        let lay = Layout::new(schema, rm, fin)?;
        let compiled = compile(rm, &lay)?;
        Ok(Generator {
            lay,
            compiled,
            all_fields: !fin.fixes_unread_fields(),
            budget: None,
        })
    }

    /// Stops any run with [`GenError::BudgetExceeded`] after `max` candidates (none by default).
    pub fn with_budget(mut self, max: u64) -> Generator {
        self.budget = Some(max);
        self
    }

    /// The number of valid inputs (none is built: use this for large scopes).
    pub fn count(&self) -> Result<u64, GenError> {
        Ok(self.explore()?.valid)
    }

    /// [`count`](Generator::count), calling `on_valid(n)` as the `n`th valid input is found.
    pub fn count_observed(&self, on_valid: &mut dyn FnMut(u64)) -> Result<u64, GenError> {
        Ok(self.run(Tally(0, on_valid))?.valid)
    }

    /// The number of valid inputs and of candidates explored.
    pub fn explore(&self) -> Result<Stats, GenError> {
        self.run(Counter)
    }

    /// Every valid input, in search order.
    pub fn inputs(&self) -> Result<Vec<TestInput>, GenError> {
        let mut out = Vec::new();
        self.for_each(|t| out.push(t))?;
        Ok(out)
    }

    /// Calls `f` on every valid input as it is found; nothing is kept.
    pub fn for_each(&self, mut f: impl FnMut(TestInput)) -> Result<Stats, GenError> {
        self.try_for_each(|t| {
            f(t);
            ControlFlow::Continue(())
        })
    }

    /// Calls `f` on every valid input as it is found, unbuilt: [`Found::build`] builds the ones
    /// a caller keeps (a sample of many pays only for what it keeps).
    pub fn for_each_found(&self, mut f: impl FnMut(Found<'_>)) -> Result<Stats, GenError> {
        self.run(Lazy(|lay: &Layout, st: &State| {
            f(Found { lay, st });
            ControlFlow::Continue(())
        }))
    }

    /// Like [`for_each`](Generator::for_each), but `f` may stop the search with `Break`.
    pub fn try_for_each(
        &self,
        f: impl FnMut(TestInput) -> ControlFlow<()>,
    ) -> Result<Stats, GenError> {
        self.run(Callback(f))
    }

    fn run(&self, sink: impl Sink) -> Result<Stats, GenError> {
        let search = Search::new(
            &self.lay,
            &self.compiled,
            self.all_fields,
            self.budget,
            sink,
        );
        search.run()
    }
}

/// Counts only.
struct Counter;

impl Sink for Counter {
    fn emit(&mut self, _: &Layout, _: &State) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Counts, and tells a callback each count.
struct Tally<'f>(u64, &'f mut dyn FnMut(u64));

impl Sink for Tally<'_> {
    fn emit(&mut self, _: &Layout, _: &State) -> ControlFlow<()> {
        self.0 += 1;
        (self.1)(self.0);
        ControlFlow::Continue(())
    }
}

/// A valid input the search just found, not built yet.
pub struct Found<'s> {
    lay: &'s Layout,
    st: &'s State,
}

impl Found<'_> {
    /// The input.
    pub fn build(&self) -> TestInput {
        build(self.lay, self.st)
    }
}

/// Hands each input over unbuilt.
struct Lazy<F>(F);

impl<F: FnMut(&Layout, &State) -> ControlFlow<()>> Sink for Lazy<F> {
    fn emit(&mut self, lay: &Layout, st: &State) -> ControlFlow<()> {
        (self.0)(lay, st)
    }
}

/// Builds each input and hands it over.
struct Callback<F>(F);

impl<F: FnMut(TestInput) -> ControlFlow<()>> Sink for Callback<F> {
    fn emit(&mut self, lay: &Layout, st: &State) -> ControlFlow<()> {
        (self.0)(build(lay, st))
    }
}
